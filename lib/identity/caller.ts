import type { Plan } from '@/lib/generated/prisma/enums';

/** Who is calling: resolved once per request by lib/identity/resolve-caller.ts. */
export type Caller = {
  /** How the caller proved who they are. */
  kind: 'guest' | 'session' | 'api_key';
  /** The account, when there is one. */
  userId: string | null;
  /** The signed anonymous identity from the guest cookie. */
  guestId: string | null;
  /** The effective plan: a team member's is the team's (lib/identity/account-plan.ts). */
  plan: Plan;
  /** The team whose plan and daily allowance the account shares, while the team's plan allows a team. */
  teamId?: string | null;
  /** That team's owner: the team's daily allowance is the owner's own (see allowanceSubject). */
  teamOwnerId?: string | null;
  apiKeyId?: string;
  /** The API session behind a bearer token (for revocation). */
  sessionId?: string;
  /** Whether the identity came from a cookie, so state changes need a same-origin check. */
  viaCookie: boolean;
  /** Network address (lib/identity/client-address.ts): anonymous limits are counted per address. */
  clientAddress: string;
};

/** An account's subject of limits and of the daily allowance's ledger (usage_days). */
export const accountSubject = (userId: string) => `user:${userId}`;

/** Whom limits are counted for: the account, or for anonymous callers their address. */
export const limitSubject = (caller: Caller) =>
  caller.userId ? accountSubject(caller.userId) : `client:${caller.clientAddress}`;

/**
 * Whom the daily allowance is charged to: a team shares its owner's, everyone else is their limit
 * subject. Keyed by the owner rather than the team, so dissolving a team and creating another (or
 * creating one after using the owner's own) never starts the day's count again.
 */
export const allowanceSubject = (caller: Caller) =>
  caller.teamOwnerId ? accountSubject(caller.teamOwnerId) : limitSubject(caller);

/** The owner columns a caller's new resources get. */
export const ownerOf = (caller: Caller) =>
  caller.userId ? { userId: caller.userId, guestId: null } : { userId: null, guestId: caller.guestId };

/** Whether a resource with these owner columns belongs to the caller: the one ownership rule. */
export function isOwnedBy(resource: { userId: string | null; guestId: string | null }, caller: Caller): boolean {
  if (resource.userId) return resource.userId === caller.userId;
  return resource.guestId !== null && resource.guestId === caller.guestId;
}

/** A caller with an account: what withApi hands the handlers of `bearer` operations. */
export type AccountCaller = Caller & { userId: string };

export const hasAccount = (caller: Caller): caller is AccountCaller => caller.userId !== null;
