import { TOO_MANY_ATTEMPTS } from '@/components/api/browser-client';

/** next-auth's sign-in error codes in words. */
export function signInErrorMessage(error: string | undefined, status?: number): string {
  if (error === 'CredentialsSignin') return 'Wrong e-mail address or password.';
  if (status === 429) return TOO_MANY_ATTEMPTS;
  if (error === 'SessionRequired') return 'Sign in to see this page.';
  return 'Signing in failed. Try again in a moment.';
}
