import { db } from '@/lib/db';
import type { Plan } from '@/lib/generated/prisma/enums';
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

/** The effective plan of an account by id, or null when it does not exist. */
export async function accountPlan(userId: string): Promise<EffectivePlan | null> {
  const row = await db.user.findUnique({ where: { id: userId }, select: ACCOUNT_PLAN_SELECT });
  return row ? effectivePlan(row) : null;
}
