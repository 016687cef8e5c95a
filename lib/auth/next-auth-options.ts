import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { authenticate } from '@/lib/accounts/authenticate';
import { SIGN_IN_ACCOUNT_DISABLED } from '@/lib/domain/account-rules';
import { isAppError } from '@/lib/errors';
import { nextAuthSecret } from '@/lib/identity/browser-session';

// Browser sign-in (next-auth, e-mail + password, JWT session cookie). API clients use
// /api/v1/auth/token instead; lib/identity/resolve-caller.ts accepts both.

const SESSION_MAX_AGE_SECONDS = 7 * 86_400;

export function nextAuthOptions(): NextAuthOptions {
  return {
    secret: nextAuthSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/sign-in' },
    providers: [
      CredentialsProvider({
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
      }),
    ],
    callbacks: {
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
