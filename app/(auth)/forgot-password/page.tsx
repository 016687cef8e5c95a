import type { Metadata } from 'next';
import { AuthCard } from '@/components/account/auth-card';
import { ForgotPasswordForm } from '@/components/account/forgot-password-form';
import { TextLink } from '@/components/account/text-link';

export const metadata: Metadata = { title: 'Forgot your password?' };

export default function ForgotPasswordPage() {
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
