import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/account/auth-card';
import { safeCallbackPath, withCallback } from '@/lib/accounts/callback-url';
import { currentProfile } from '@/lib/accounts/current-account';
import { signupRuleText } from '@/lib/accounts/signup-rule';
import { ssoConfigured } from '@/lib/auth/oidc-provider';
import { passwordSignInAllowed } from '@/lib/auth/password-sign-in';
import { config } from '@/lib/config';
import { signInErrorMessage, ssoErrorMessage } from '@/components/account/auth-errors';
import { FormError } from '@/components/account/form-parts';
import { SignInForm } from '@/components/account/sign-in-form';
import { OrDivider, SsoButton } from '@/components/account/sso-button';
import { TextLink } from '@/components/account/text-link';

export const metadata: Metadata = { title: 'Sign in' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(params.callbackUrl);
  if (await currentProfile()) redirect(callbackPath);
  const sso = ssoConfigured();
  const passwords = passwordSignInAllowed();
  // next-auth's own pages redirect here with ?error=… (e.g. a form posted without JavaScript), and
  // so does a refused sign-in through the OpenID provider.
  const code = typeof params.error === 'string' ? params.error : undefined;
  const ssoError = code && sso ? ssoErrorMessage(code, config.oidcName, signupRuleText()) : undefined;
  const error = code && !ssoError ? signInErrorMessage(code) : undefined;

  return (
    <AuthCard
      title="Sign in to Transmute"
      description="Your conversions, plan and API keys."
      footer={
        passwords && (
          <p>
            No account yet?{' '}
            <TextLink href={withCallback('/sign-up', callbackPath)} data-testid="sign-up-link">
              Create one
            </TextLink>
          </p>
        )
      }
    >
      <FormError
        message={ssoError ?? (passwords ? undefined : error)}
        testId="sign-in-error"
        title="Could not sign in"
      />
      {sso && <SsoButton providerName={config.oidcName} callbackPath={callbackPath} primary={!passwords} />}
      {sso && passwords && <OrDivider />}
      {passwords && <SignInForm callbackPath={callbackPath} initialError={error} />}
    </AuthCard>
  );
}
