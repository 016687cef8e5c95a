import { Prisma } from '@/lib/generated/prisma/client';
import type { AccountRole, Plan } from '@/lib/generated/prisma/enums';
import { preparedQuery } from '@/lib/prepared-sql';
import { limitsFor } from '@/lib/plans';

/** The owner's plan, and therefore the team's, is a team plan only while it allows a team (Pro, Business). */
export const isTeamPlan = (plan: Plan) => limitsFor(plan).teamSize !== 0;

/** What the team part of an account row reads, for `effectivePlan`. */
export const ACCOUNT_PLAN_SELECT = {
  id: true,
  plan: true,
  teamMembership: { select: { teamId: true, team: { select: { ownerId: true, owner: { select: { plan: true } } } } } },
} as const;

type AccountPlanRow = {
  plan: Plan;
  teamMembership: { teamId: string; team: { ownerId: string; owner: { plan: Plan } } } | null;
};

export type EffectivePlan = { plan: Plan; teamId: string | null; teamOwnerId: string | null };

/**
 * The plan an account acts on, the one rule: in a team whose owner is on a team plan, the team's
 * (owner's) plan and the team's shared allowance; otherwise the account's own plan. So leaving,
 * removal, or the owner dropping below Pro returns a member to their own plan (Free) at once.
 */
export function effectivePlan(row: AccountPlanRow): EffectivePlan {
  const team = row.teamMembership;
  if (team && isTeamPlan(team.team.owner.plan)) {
    return { plan: team.team.owner.plan, teamId: team.teamId, teamOwnerId: team.team.ownerId };
  }
  return { plan: row.plan, teamId: null, teamOwnerId: null };
}

// The same read as ACCOUNT_PLAN_SELECT for the requests that make it every time (a session token's,
// an API key's, a browser cookie's): one prepared statement (lib/prepared-sql.ts) where Prisma's
// nested select is four. The role rides along in the same row, so an operation for administrators
// costs no statement of its own.
// Used as `SELECT … ACCOUNT_PLAN_COLUMNS FROM users u ACCOUNT_PLAN_JOINS WHERE … AND ACCOUNT_USABLE`.
export const ACCOUNT_PLAN_COLUMNS = Prisma.sql`u.plan::text AS "plan", u.role::text AS "role", m.team_id AS "teamId",
  t.owner_id AS "teamOwnerId", o.plan::text AS "ownerPlan"`;
export const ACCOUNT_PLAN_JOINS = Prisma.sql`LEFT JOIN team_members m ON m.user_id = u.id
  LEFT JOIN teams t ON t.id = m.team_id LEFT JOIN users o ON o.id = t.owner_id`;

/**
 * The one rule of disabled accounts: every read of a credential's account (session token, API key,
 * browser cookie) leaves a disabled one out, so each of its credentials answers 401 on its next
 * request, and works again once it is enabled.
 */
export const ACCOUNT_USABLE = Prisma.sql`u.disabled_at IS NULL`;

/** A row of ACCOUNT_PLAN_COLUMNS. */
export type AccountPlanColumns = {
  plan: Plan;
  role: AccountRole;
  teamId: string | null;
  teamOwnerId: string | null;
  ownerPlan: Plan | null;
};

/** Who a credential's account is: its effective plan and its role. */
export type AccountIdentity = EffectivePlan & { role: AccountRole };

/** `effectivePlan` of a row read with ACCOUNT_PLAN_COLUMNS, with the account's role. */
export function identityOf(row: AccountPlanColumns): AccountIdentity {
  const { plan, role, teamId, teamOwnerId, ownerPlan } = row;
  const teamMembership =
    teamId !== null && teamOwnerId !== null && ownerPlan !== null
      ? { teamId, team: { ownerId: teamOwnerId, owner: { plan: ownerPlan } } }
      : null;
  return { ...effectivePlan({ plan, teamMembership }), role };
}

/**
 * A usable (not disabled) account by id: its identity, and since when its browser sign-ins count
 * (lib/identity/browser-session.ts); null when there is none.
 */
export async function accountIdentity(
  userId: string,
): Promise<(AccountIdentity & { sessionsValidFrom: Date | null }) | null> {
  const [row] = await preparedQuery<AccountPlanColumns & { sessionsValidFrom: Date | null }>(
    Prisma.sql`SELECT ${ACCOUNT_PLAN_COLUMNS}, u.sessions_valid_from AS "sessionsValidFrom"
      FROM users u ${ACCOUNT_PLAN_JOINS} WHERE u.id = ${userId} AND ${ACCOUNT_USABLE}`,
  );
  return row ? { ...identityOf(row), sessionsValidFrom: row.sessionsValidFrom } : null;
}
