import { TOO_MANY_ATTEMPTS } from '@/components/api/browser-client';
import {
  ACCOUNT_DISABLED,
  SIGN_IN_ACCOUNT_DISABLED,
  SSO_NO_PASSWORD,
  SSO_SIGNUP_REFUSED,
  SSO_UNVERIFIED_EMAIL,
} from '@/lib/domain/account-rules';

/** next-auth's sign-in error codes in words. */
export function signInErrorMessage(error: string | undefined, status?: number): string {
  if (error === 'CredentialsSignin') return 'Wrong e-mail address or password.';
  if (error === SIGN_IN_ACCOUNT_DISABLED) return ACCOUNT_DISABLED;
  if (status === 429) return TOO_MANY_ATTEMPTS;
  if (error === 'SessionRequired') return 'Sign in to see this page.';
  return 'Signing in failed. Try again in a moment.';
}

/**
 * The refusals of a sign-in through the OpenID provider (lib/auth/next-auth-options.ts), in words
 * naming it; undefined for other codes. `signupRule` is the sign-up rule's sentence, when there is one.
 */
export function ssoErrorMessage(error: string, providerName: string, signupRule?: string): string | undefined {
  switch (error) {
    case SSO_UNVERIFIED_EMAIL:
      return `${providerName} has not verified the e-mail address of your account there, so it cannot sign you in here. Verify the address at ${providerName}, then try again.`;
    case SSO_SIGNUP_REFUSED:
      return `No account here has your ${providerName} address, and this server does not create one for it. ${signupRule ?? ''}`.trim();
    case SSO_NO_PASSWORD:
      return `An account with your ${providerName} address exists but cannot be linked to ${providerName}. Ask the administrator of this service.`;
    case 'OAuthSignin':
    case 'OAuthCallback':
    case 'Callback':
    case 'AccessDenied':
      return `Signing in with ${providerName} failed. Try again; if it keeps failing, ask the administrator of this service.`;
    default:
      return undefined;
  }
}
