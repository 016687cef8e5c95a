import { AppError } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { Plan } from '@/lib/generated/prisma/enums';
import { isTeamPlan } from '@/lib/identity/account-plan';
import { limitsFor } from '@/lib/plans';

export type Tx = Prisma.TransactionClient;

/** Invitations are valid for 7 days (SPEC.md). */
export const INVITATION_TTL_MS = 7 * 86_400_000;

/** Team size including the owner, from the owner's plan; null = unlimited, 0 = the plan has no team. */
export const capacityOf = (ownerPlan: Plan) => limitsFor(ownerPlan).teamSize;

export const notInTeam = () => new AppError('not_found', 'You are not in a team');
export const alreadyInTeam = () => new AppError('conflict', 'This account is already in a team');
export const ownerOnly = () => new AppError('forbidden', "Only the team's owner can do this");

/** An invitation (a team's, or with `null` an administrator's to sign up) is open while not accepted, not withdrawn and not expired. */
export const openInvitationWhere = (teamId: string | null, now = new Date()) =>
  ({ teamId, acceptedAt: null, withdrawnAt: null, expiresAt: { gt: now } }) satisfies Prisma.TeamInvitationWhereInput;

/**
 * Locks the team row for the rest of the transaction, so capacity checks and the membership
 * changes that follow them are serialised per team (two joins for the last seat: one wins).
 * Returns the owner's plan; throws 404 when the team is gone.
 */
export async function lockTeam(tx: Tx, teamId: string): Promise<{ ownerId: string; ownerPlan: Plan }> {
  const rows = await tx.$queryRaw<Array<{ owner_id: string; plan: Plan }>>`
    SELECT t.owner_id, u.plan FROM teams t JOIN users u ON u.id = t.owner_id WHERE t.id = ${teamId} FOR UPDATE OF t`;
  if (rows.length === 0) throw notInTeam();
  return { ownerId: rows[0].owner_id, ownerPlan: rows[0].plan };
}

/** Throws 403 plan_required unless the owner's plan includes a team. */
export function assertTeamPlan(ownerPlan: Plan, message = 'Teams are available on Pro and Business') {
  if (!isTeamPlan(ownerPlan)) throw new AppError('plan_required', message);
}

/** Throws 403 team_full when `taken` seats (members, plus open invitations when inviting) fill the capacity. */
export function assertSeatFree(ownerPlan: Plan, taken: number) {
  const capacity = capacityOf(ownerPlan);
  if (capacity !== null && taken >= capacity) {
    throw new AppError('team_full', `The team is full: ${capacity} members including the owner and open invitations`);
  }
}
