import type { NextAuthOptions } from 'next-auth';
import { cookies } from 'next/headers';
import CredentialsProvider from 'next-auth/providers/credentials';
import { authenticate } from '@/lib/accounts/authenticate';
import {
  SIGN_IN_ACCOUNT_DISABLED,
  SSO_NO_PASSWORD,
  SSO_SIGNUP_REFUSED,
  SSO_UNVERIFIED_EMAIL,
} from '@/lib/domain/account-rules';
import { isAppError } from '@/lib/errors';
import { nextAuthSecret } from '@/lib/identity/browser-session';
import { oidcProvider } from './oidc-provider';
import { passwordSignInAllowed } from './password-sign-in';
import { SSO_INVITATION_COOKIE } from './sso-invitation-cookie';
import { holdPendingLink } from './sso-link';
import { SSO_PROVIDER, ssoAccountFor, type SsoRefusal } from './sso-sign-in';

// Browser sign-in (next-auth, JWT session cookie): e-mail + password unless SSO_ONLY, and the
// OpenID provider when OIDC_ISSUER is set. API clients use /api/v1/auth/token instead;
// lib/identity/resolve-caller.ts accepts both.

const SESSION_MAX_AGE_SECONDS = 7 * 86_400;

export function nextAuthOptions(): NextAuthOptions {
  const oidc = oidcProvider();
  return {
    secret: nextAuthSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/sign-in' },
    providers: [...(passwordSignInAllowed() ? [passwordProvider()] : []), ...(oidc ? [oidc] : [])],
    callbacks: {
      // An SSO sign-in opens the account sso-sign-in.ts finds, whose id becomes the session's `sub`
      // (next-auth hands this same `user` on to the jwt callback); a refusal or a link to confirm
      // goes to a page that says so, and no session is made.
      async signIn({ user, account, profile }) {
        if (account?.provider !== SSO_PROVIDER) return true;
        const jar = await cookies();
        const invitation = jar.get(SSO_INVITATION_COOKIE)?.value;
        if (invitation !== undefined) jar.delete(SSO_INVITATION_COOKIE);
        const outcome = await ssoAccountFor({ ...profile }, invitation ? decodeURIComponent(invitation) : undefined);
        if (outcome.kind === 'refused') return `/sign-in?error=${SSO_ERRORS[outcome.reason]}`;
        if (outcome.kind === 'link') {
          await holdPendingLink(outcome);
          return '/sign-in/link';
        }
        user.id = outcome.userId;
        return true;
      },
      // `authAt` is the moment of sign-in, kept across token refreshes, so a password reset can
      // end older browser sessions (lib/identity/browser-session.ts).
      jwt({ token, user }) {
        if (user) token.authAt = Date.now();
        return token;
      },
      session({ session, token }) {
        if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
        return session;
      },
    },
  };
}

/** The error codes of /sign-in?error= for refused SSO sign-ins (components/account/auth-errors.ts words them). */
const SSO_ERRORS: Record<SsoRefusal, string> = {
  unverified: SSO_UNVERIFIED_EMAIL,
  disabled: SIGN_IN_ACCOUNT_DISABLED,
  signup: SSO_SIGNUP_REFUSED,
  'no-password': SSO_NO_PASSWORD,
};

function passwordProvider() {
  return CredentialsProvider({
    name: 'E-mail and password',
    credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
    async authorize(credentials) {
      if (!credentials?.email || !credentials.password) return null;
      try {
        const user = await authenticate(credentials.email, credentials.password);
        return { id: user.id, email: user.email, name: user.name };
      } catch (e) {
        // A thrown error's message reaches the sign-in page as its error code.
        if (isAppError(e) && e.code === 'account_disabled') throw new Error(SIGN_IN_ACCOUNT_DISABLED);
        return null;
      }
    },
  });
}
