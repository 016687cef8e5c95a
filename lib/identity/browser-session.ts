import { createHash } from 'node:crypto';
import { decode } from 'next-auth/jwt';
import { config } from '@/lib/config';
import { accountIdentity } from '@/lib/identity/account-plan';

const COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'];

/** The key next-auth signs its session cookie with (lib/auth/next-auth-options.ts), derived from APP_SECRET. */
export const nextAuthSecret = () => createHash('sha256').update(`next-auth:${config.appSecret}`).digest('hex');

/**
 * The account of a valid next-auth session cookie (browser sign-in), or null. A sign-in older
 * than the account's `sessionsValidFrom` (set by a password reset) no longer counts, nor does a
 * disabled account's.
 */
export async function browserSessionUser(cookies: Map<string, string>) {
  const raw = COOKIES.map((name) => cookies.get(name)).find(Boolean);
  if (!raw) return null;
  let token: Awaited<ReturnType<typeof decode>>;
  try {
    token = await decode({ token: raw, secret: nextAuthSecret() });
  } catch {
    return null;
  }
  if (typeof token?.sub !== 'string') return null;
  const account = await accountIdentity(token.sub);
  if (!account) return null;
  const { sessionsValidFrom, ...identity } = account;
  const signedInAt = typeof token.authAt === 'number' ? token.authAt : 0;
  if (sessionsValidFrom && signedInAt < sessionsValidFrom.getTime()) return null;
  return { id: token.sub, ...identity };
}
