import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { AuthCard } from '@/components/account/auth-card';
import { Notice } from '@/components/account/notice';
import { SsoLinkForm } from '@/components/account/sso-link-form';
import { SsoButton } from '@/components/account/sso-button';
import { PENDING_LINK_COOKIE, pendingLinkEmail } from '@/lib/auth/sso-link';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: 'Link your sign-in' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The form's refusals (app/api/auth/sso-link/route.ts) in words. */
const LINK_ERRORS: Record<string, string> = {
  password_required: 'Enter the password of your account here.',
  wrong_password: 'Wrong password.',
  account_disabled: 'This account is disabled. Ask the administrator of this service.',
  conflict: 'This sign-in is already linked to another account.',
};

/**
 * Where an SSO sign-in lands when its e-mail belongs to a password account (lib/auth/sso-link.ts):
 * the account's password, once, links the two; then the browser signs in through the provider again.
 */
export default async function SsoLinkPage({ searchParams }: Props) {
  const params = await searchParams;
  const name = config.oidcName;
  if (params.linked === '1') {
    return (
      <AuthCard title={`Your ${name} sign-in is linked`} description={`Signing you in with ${name}…`}>
        <SsoButton providerName={name} callbackPath="/dashboard" primary autoStart />
      </AuthCard>
    );
  }
  const email = await pendingLinkEmail((await cookies()).get(PENDING_LINK_COOKIE)?.value);
  if (!email) {
    return (
      <AuthCard title={`Link your ${name} sign-in`}>
        <Notice
          tone="info"
          testId="sso-link-none"
          title={`No ${name} sign-in is waiting to be linked in this browser (one waits 10 minutes). Sign in again.`}
        />
        <SsoButton providerName={name} callbackPath="/dashboard" primary />
      </AuthCard>
    );
  }
  const error =
    typeof params.error === 'string' ? (LINK_ERRORS[params.error] ?? 'Linking failed. Try again.') : undefined;
  return (
    <AuthCard
      title={`Link your ${name} sign-in`}
      description={
        <>
          An account with this address exists (<strong data-testid="sso-link-email">{email}</strong>)
          {`: enter its password to link your ${name} sign-in. After that, ${name} signs you in directly.`}
        </>
      }
    >
      <SsoLinkForm email={email} providerName={name} error={error} />
    </AuthCard>
  );
}
