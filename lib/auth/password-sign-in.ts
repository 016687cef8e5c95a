import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';

// With SSO_ONLY, accounts sign in and sign up through the OpenID provider only: the pages hide the
// password forms and every server-side door for passwords refuses (next-auth's credentials
// provider is not there; register and the token grant answer 403).

export const passwordSignInAllowed = () => !config.ssoOnly;

/** Throws 403 naming the provider when passwords are not a way in on this server. */
export function assertPasswordSignInAllowed(what: 'Sign-in' | 'Sign-up'): void {
  if (passwordSignInAllowed()) return;
  throw new AppError('forbidden', `${what} on this server is through ${config.oidcName} only, not with a password`);
}
