import type { Metadata } from 'next';
import { AuthCard } from '@/components/account/auth-card';
import { ForgotPasswordForm } from '@/components/account/forgot-password-form';
import { TextLink } from '@/components/account/text-link';
import { PasswordsNotUsed } from '@/components/account/passwords-not-used';
import { passwordSignInAllowed } from '@/lib/auth/password-sign-in';

export const metadata: Metadata = { title: 'Forgot your password?' };
// SSO_ONLY is read when the page is asked for, not when it is built.
export const dynamic = 'force-dynamic';

export default function ForgotPasswordPage() {
  if (!passwordSignInAllowed()) return <PasswordsNotUsed />;
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the e-mail address of your account and we will mail you a link to choose a new one."
      footer={
        <p>
          Remembered it? <TextLink href="/sign-in">Sign in</TextLink>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
