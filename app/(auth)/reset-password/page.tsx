import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/account/auth-card';
import { Notice } from '@/components/account/notice';
import { ResetPasswordForm } from '@/components/account/reset-password-form';
import { PasswordsNotUsed } from '@/components/account/passwords-not-used';
import { passwordSignInAllowed } from '@/lib/auth/password-sign-in';
import { buttonStyles } from '@/components/ui/button-styles';

export const metadata: Metadata = { title: 'Choose a new password' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  if (!passwordSignInAllowed()) return <PasswordsNotUsed />;
  const { token } = await searchParams;
  return (
    <AuthCard title="Choose a new password">
      {typeof token === 'string' && token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="flex flex-col gap-4">
          <Notice tone="error" role="alert" testId="reset-password-error" title="This link is incomplete">
            <p>Open the link from the reset mail as it is, or ask for a new one.</p>
          </Notice>
          <Link href="/forgot-password" className={buttonStyles.primary}>
            Ask for a new link
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
