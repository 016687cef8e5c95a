import { createHash } from 'node:crypto';
import { decode } from 'next-auth/jwt';
import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { ACCOUNT_PLAN_SELECT, effectivePlan } from '@/lib/identity/account-plan';

const COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'];

/** The key next-auth signs its session cookie with (lib/auth/next-auth-options.ts), derived from APP_SECRET. */
export const nextAuthSecret = () => createHash('sha256').update(`next-auth:${config.appSecret}`).digest('hex');

/**
 * The account of a valid next-auth session cookie (browser sign-in), or null. A sign-in older
 * than the account's `sessionsValidFrom` (set by a password reset) no longer counts.
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
  const user = await db.user.findUnique({
    where: { id: token.sub },
    select: { ...ACCOUNT_PLAN_SELECT, sessionsValidFrom: true },
  });
  if (!user) return null;
  const signedInAt = typeof token.authAt === 'number' ? token.authAt : 0;
  if (user.sessionsValidFrom && signedInAt < user.sessionsValidFrom.getTime()) return null;
  return { id: user.id, ...effectivePlan(user) };
}
