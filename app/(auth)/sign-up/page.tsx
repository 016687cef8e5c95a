import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/account/auth-card';
import { safeCallbackPath, withCallback } from '@/lib/accounts/callback-url';
import { currentProfile } from '@/lib/accounts/current-account';
import { signupRule, signupRuleText } from '@/lib/accounts/signup-rule';
import { ssoConfigured } from '@/lib/auth/oidc-provider';
import { passwordSignInAllowed } from '@/lib/auth/password-sign-in';
import { config } from '@/lib/config';
import { Notice } from '@/components/account/notice';
import { SignUpForm } from '@/components/account/sign-up-form';
import { OrDivider, SsoButton } from '@/components/account/sso-button';
import { TextLink } from '@/components/account/text-link';

export const metadata: Metadata = { title: 'Create an account' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The invitation's token: given as `?invitation=`, or the one a team's join link sent the person here with. */
function invitationOf(given: string | string[] | undefined, callbackPath: string): string | undefined {
  if (typeof given === 'string' && given) return given;
  const callback = new URL(callbackPath, 'http://callback');
  return callback.pathname === '/team/join' ? callback.searchParams.get('token') || undefined : undefined;
}

export default async function SignUpPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(params.callbackUrl);
  if (await currentProfile()) redirect(callbackPath);
  const rule = signupRule();
  const ruleText = signupRuleText(rule);
  const invitation = invitationOf(params.invitation, callbackPath);
  if (!passwordSignInAllowed()) {
    // SSO_ONLY: an account is made at its first sign-in through the provider (lib/auth/sso-sign-in.ts).
    return (
      <AuthCard
        title="Create your account"
        description={`Accounts on this server are made when you first sign in with ${config.oidcName}.`}
      >
        {ruleText && <Notice tone={rule.mode === 'closed' ? 'error' : 'info'} testId="sign-up-rule" title={ruleText} />}
        <SsoButton providerName={config.oidcName} callbackPath={callbackPath} invitation={invitation} primary />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      description="Free to start. Upgrade later for bigger files, longer retention and API keys."
      footer={
        <p>
          Already have an account?{' '}
          <TextLink href={withCallback('/sign-in', callbackPath)} data-testid="sign-in-link">
            Sign in
          </TextLink>
        </p>
      }
    >
      {ruleText && <Notice tone={rule.mode === 'closed' ? 'error' : 'info'} testId="sign-up-rule" title={ruleText} />}
      {rule.mode !== 'closed' && ssoConfigured() && (
        <>
          <SsoButton providerName={config.oidcName} callbackPath={callbackPath} invitation={invitation} />
          <OrDivider />
        </>
      )}
      {rule.mode !== 'closed' && <SignUpForm callbackPath={callbackPath} invitation={invitation} />}
    </AuthCard>
  );
}
