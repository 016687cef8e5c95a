import { config } from '@/lib/config';
import type { AccountRole, Plan } from '@/lib/generated/prisma/enums';
import { PLANS } from '@/lib/plans';

// What the provider's claims say about the person signing in (OIDC_GROUPS_CLAIM, OIDC_ADMIN_GROUPS,
// OIDC_PLAN_GROUPS): applied at every SSO sign-in, so a change of groups at the provider reaches
// the account the next time its owner signs in.

export type SsoClaims = Record<string, unknown>;

/** The groups the claims list (a list of names, or one name), lower-cased as the settings are. */
export function groupsOf(claims: SsoClaims): string[] {
  const value = claims[config.oidcGroupsClaim];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list.filter((g): g is string => typeof g === 'string').map((g) => g.trim().toLowerCase());
}

type Access = { stripeSubscriptionId: string | null };

/**
 * The role and plan the groups give `account`, only for what the operator mapped: the highest plan
 * of its groups, free in none. An account paying through Stripe keeps the plan it pays for (billing
 * decides it, lib/billing).
 */
export function mappedAccess(groups: string[], account: Access): { role?: AccountRole; plan?: Plan } {
  const mapped: { role?: AccountRole; plan?: Plan } = {};
  const adminGroups = config.oidcAdminGroups;
  if (adminGroups.length > 0) mapped.role = groups.some((g) => adminGroups.includes(g)) ? 'admin' : 'user';
  const planGroups = config.oidcPlanGroups.map((pair) => {
    const at = pair.indexOf(':');
    return { plan: pair.slice(0, at) as Plan, group: pair.slice(at + 1) };
  });
  if (planGroups.length > 0 && !account.stripeSubscriptionId) {
    const given = planGroups.filter((p) => groups.includes(p.group)).map((p) => p.plan);
    mapped.plan = PLANS.filter((plan) => given.includes(plan)).at(-1) ?? 'free';
  }
  return mapped;
}
