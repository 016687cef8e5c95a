import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/account/auth-card';
import { currentProfile } from '@/lib/accounts/current-account';
import { Notice } from '@/components/account/notice';
import { VerifyEmailStatus } from '@/components/account/verify-email-status';
import { buttonStyles } from '@/components/ui/button-styles';

export const metadata: Metadata = { title: 'Confirm your e-mail address' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function VerifyEmailPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const signedIn = (await currentProfile()) !== null;

  return (
    <AuthCard title="Confirm your e-mail address">
      {typeof token === 'string' && token ? (
        <VerifyEmailStatus token={token} signedIn={signedIn} />
      ) : (
        <div className="flex flex-col gap-4">
          <Notice tone="error" role="alert" testId="verify-email-error" title="This link is incomplete">
            <p>Open the link from the confirmation mail as it is; copying it by hand may have cut it short.</p>
          </Notice>
          <Link
            href={signedIn ? '/dashboard' : '/sign-in'}
            className={buttonStyles.primary}
            data-testid="verify-email-continue"
          >
            {signedIn ? 'Go to your dashboard' : 'Sign in'}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
