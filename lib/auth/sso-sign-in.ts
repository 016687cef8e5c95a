import { normalizeEmail } from '@/lib/accounts/register-user';
import { assertMaySignUp, redeemSignUpInvitation } from '@/lib/accounts/signup-rule';
import { db } from '@/lib/db';
import { isAppError } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';
import { groupsOf, mappedAccess, type SsoClaims } from './sso-claims';

// Which account an SSO sign-in opens (the OpenID provider vouched for `sub` and the claims;
// lib/auth/oidc-provider.ts checked the ID token). An identity already linked opens its account;
// otherwise the verified e-mail decides: no account there → one is created when the sign-up rule
// allows it; a password account there → its owner must prove it with the password once
// (lib/auth/sso-link.ts), so whoever controls an address at the provider cannot take over an
// account here.

/** The provider's id at next-auth (the callback is /api/auth/callback/oidc) and in SsoIdentity. */
export const SSO_PROVIDER = 'oidc';

export type SsoRefusal = 'unverified' | 'disabled' | 'signup' | 'no-password';

export type SsoOutcome =
  | { kind: 'account'; userId: string }
  | { kind: 'link'; userId: string; subject: string }
  | { kind: 'refused'; reason: SsoRefusal };

const refused = (reason: SsoRefusal): SsoOutcome => ({ kind: 'refused', reason });

/** Applies the claim mapping to an account the identity opens. */
async function openAccount(
  user: { id: string; disabledAt: Date | null; stripeSubscriptionId: string | null },
  claims: SsoClaims,
): Promise<SsoOutcome> {
  if (user.disabledAt) return refused('disabled');
  const mapped = mappedAccess(groupsOf(claims), user);
  if (mapped.role || mapped.plan) await db.user.update({ where: { id: user.id }, data: mapped });
  return { kind: 'account', userId: user.id };
}

/**
 * The account an SSO sign-in opens, a link it must confirm first, or why it is refused.
 * `invitation` is the token the person brought (lib/auth/sso-invitation-cookie.ts), for sign-up only.
 */
export async function ssoAccountFor(claims: SsoClaims, invitation?: string): Promise<SsoOutcome> {
  const subject = claims.sub;
  if (typeof subject !== 'string' || !subject) throw new Error('the provider vouched for no subject');
  const linked = await db.ssoIdentity.findUnique({
    where: { provider_subject: { provider: SSO_PROVIDER, subject } },
    include: { user: true },
  });
  if (linked) return openAccount(linked.user, claims);

  if (claims.email_verified !== true || typeof claims.email !== 'string') return refused('unverified');
  const email = normalizeEmail(claims.email);
  const existing = await db.user.findUnique({ where: { email }, omit: { passwordHash: false } });
  if (existing) {
    if (existing.disabledAt) return refused('disabled');
    if (!existing.passwordHash) return refused('no-password');
    return { kind: 'link', userId: existing.id, subject };
  }

  try {
    await assertMaySignUp(email, invitation);
  } catch (e) {
    if (isAppError(e) && e.code === 'forbidden') return refused('signup');
    throw e;
  }
  const mapped = mappedAccess(groupsOf(claims), { stripeSubscriptionId: null });
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 100) || null : null;
  try {
    // The provider verified the address, so the account counts as verified (no mail to click).
    const user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email,
          name,
          emailVerifiedAt: new Date(),
          ...mapped,
          ssoIdentities: { create: { provider: SSO_PROVIDER, subject } },
        },
      });
      if (invitation !== undefined) await redeemSignUpInvitation(tx, invitation);
      return created;
    });
    return { kind: 'account', userId: user.id };
  } catch (e) {
    // The same person's second sign-in racing the first: the account is there now, so try again.
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002')
      return ssoAccountFor(claims, invitation);
    throw e;
  }
}
