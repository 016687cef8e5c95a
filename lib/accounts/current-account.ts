// Who is signed in, for server components (reads the database, so never bundled for the browser).
import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { serializeProfile } from '@/lib/accounts/serialize-profile';
import { browserSessionUser } from '@/lib/identity/browser-session';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { ACCOUNT_PLAN_SELECT, accountIdentity, effectivePlan } from '@/lib/identity/account-plan';
import type { Profile } from '@/lib/schemas/accounts';
import { withCallback } from '@/lib/accounts/callback-url';

export type ProfileJson = z.infer<typeof Profile>;

const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

/**
 * The account of the browser's sign-in with its role (the same rule as the API's,
 * lib/identity/browser-session.ts), or null.
 */
export const signedInAccount = cache(async () => {
  // Without a session cookie there is nothing to decode (and at build time this read makes the
  // page dynamic before anything touches the app secret).
  const all = (await cookies()).getAll();
  if (!all.some((c) => SESSION_COOKIE.test(c.name))) return null;
  return browserSessionUser(new Map(all.map((c) => [c.name, c.value])));
});

/**
 * The signed-in account's profile (the shape of GET /api/v1/user/profile), or null when signed
 * out or when the cookie names an account that no longer exists. Cached per request.
 */
export const currentProfile = cache(async (): Promise<ProfileJson | null> => {
  const userId = (await signedInAccount())?.id;
  if (!userId) return null;
  const user = await db.user.findUnique({
    where: { id: userId },
    include: { teamMembership: ACCOUNT_PLAN_SELECT.teamMembership },
  });
  return user ? serializeProfile(user, effectivePlan(user).plan) : null;
});

/** The profile, or a redirect to /sign-in that comes back to `path`. */
export async function requireProfile(path: string): Promise<ProfileJson> {
  const profile = await currentProfile();
  if (!profile) redirect(withCallback('/sign-in', path));
  return profile;
}

/** The identity lib/ functions expect, for an account read on the server (a team member's plan is the team's). */
export async function accountCaller(profile: ProfileJson): Promise<Caller & { userId: string }> {
  const identity = await accountIdentity(profile.id);
  const { plan, teamId, teamOwnerId } = identity ?? { plan: profile.plan, teamId: null, teamOwnerId: null };
  return {
    kind: 'session',
    userId: profile.id,
    guestId: null,
    plan,
    teamId,
    teamOwnerId,
    viaCookie: true,
    clientAddress: 'server',
  };
}
