import { cookies } from 'next/headers';
import { dummyPasswordHash, verifyPassword } from '@/lib/accounts/password';
import { seal, unseal } from '@/lib/crypto';
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';
import { publicOrigin } from '@/lib/http/public-origin';
import { SSO_PROVIDER } from './sso-sign-in';

// An SSO sign-in whose verified e-mail belongs to a password account waits here until the
// account's owner types that password once (the link page, /sign-in/link). The pending link lives
// in this browser only: a sealed, short-lived, HTTP-only cookie naming the account and the
// provider's subject. Once linked, the identity opens the account directly (lib/auth/sso-sign-in.ts).

export const PENDING_LINK_COOKIE = 'transmute-sso-link';
const PURPOSE = 'sso-link';
const LINK_SECONDS = 10 * 60;

type PendingLink = { userId: string; subject: string; expiresAt: number };

/** Sets the pending link's cookie on the answer being made (next-auth's callback). */
export async function holdPendingLink(link: { userId: string; subject: string }): Promise<void> {
  const pending: PendingLink = { ...link, expiresAt: Date.now() + LINK_SECONDS * 1000 };
  (await cookies()).set(PENDING_LINK_COOKIE, seal(PURPOSE, JSON.stringify(pending)), {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicOrigin().startsWith('https:'),
    path: '/',
    maxAge: LINK_SECONDS,
  });
}

/** The pending link a cookie holds, or null when it is missing, altered or past its time. */
function pendingLinkOf(value: string | undefined): PendingLink | null {
  if (!value) return null;
  try {
    const link = JSON.parse(unseal(PURPOSE, value)) as PendingLink;
    return link.expiresAt > Date.now() ? link : null;
  } catch {
    return null;
  }
}

/** The address of the account a pending link waits for (what the link page shows), or null. */
export async function pendingLinkEmail(value: string | undefined): Promise<string | null> {
  const link = pendingLinkOf(value);
  if (!link) return null;
  const user = await db.user.findUnique({ where: { id: link.userId }, select: { email: true } });
  return user?.email ?? null;
}

const expired = () =>
  new AppError('link_expired', 'This sign-in is no longer waiting to be linked: sign in with your provider again');

/** Links the pending identity to its account when `password` is the account's; throws 401/403/410 otherwise. */
export async function completePendingLink(value: string | undefined, password: string): Promise<void> {
  const link = pendingLinkOf(value);
  if (!link) throw expired();
  const user = await db.user.findUnique({ where: { id: link.userId }, omit: { passwordHash: false } });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user?.passwordHash) throw expired();
  if (!ok) throw new AppError('wrong_password', 'Wrong password');
  if (user.disabledAt) throw new AppError('account_disabled', 'This account is disabled');
  try {
    await db.ssoIdentity.create({ data: { provider: SSO_PROVIDER, subject: link.subject, userId: user.id } });
  } catch (e) {
    // Linked already (a second tab): the identity opens an account either way; another account is refused.
    if (!(e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002')) throw e;
    const other = await db.ssoIdentity.findUnique({
      where: { provider_subject: { provider: SSO_PROVIDER, subject: link.subject } },
    });
    if (other?.userId !== user.id) throw new AppError('conflict', 'This sign-in is linked to another account');
  }
}
