import { TOO_MANY_ATTEMPTS } from '@/components/api/browser-client';
import { ACCOUNT_DISABLED, SIGN_IN_ACCOUNT_DISABLED } from '@/lib/domain/account-rules';

/** next-auth's sign-in error codes in words. */
export function signInErrorMessage(error: string | undefined, status?: number): string {
  if (error === 'CredentialsSignin') return 'Wrong e-mail address or password.';
  if (error === SIGN_IN_ACCOUNT_DISABLED) return ACCOUNT_DISABLED;
  if (status === 429) return TOO_MANY_ATTEMPTS;
  if (error === 'SessionRequired') return 'Sign in to see this page.';
  return 'Signing in failed. Try again in a moment.';
}
