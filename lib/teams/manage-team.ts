import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { AccountCaller } from '@/lib/identity/caller';
import { serializeTeam, type TeamJson } from '@/lib/teams/read-team';
import { alreadyInTeam, assertTeamPlan, lockTeam, notInTeam, ownerOnly } from '@/lib/teams/team-rules';

/** Creates a team owned by the caller (Pro and Business; 409 when already in a team). */
export async function createTeam(caller: AccountCaller, name: string): Promise<TeamJson> {
  return db.$transaction(async (tx) => {
    const owner = await tx.user.findUniqueOrThrow({ where: { id: caller.userId }, select: { plan: true } });
    if (await tx.teamMember.findUnique({ where: { userId: caller.userId } })) throw alreadyInTeam();
    assertTeamPlan(owner.plan);
    // The member row's primary key (user id) turns a concurrent create or join into 409 (P2002).
    const team = await tx.team.create({
      data: { name, ownerId: caller.userId, members: { create: { userId: caller.userId, role: 'owner' } } },
    });
    return serializeTeam(tx, team.id, true);
  });
}

/**
 * The owner removes a member, or anyone removes themself (leaving). The person is back on their
 * own plan at the next request, because the effective plan is read from the membership
 * (lib/identity/account-plan.ts). The owner leaves only an empty team, which is then dissolved.
 */
export async function removeMember(caller: AccountCaller, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const own = await tx.teamMember.findUnique({ where: { userId: caller.userId } });
    if (!own) throw notInTeam();
    await lockTeam(tx, own.teamId);
    if (userId === caller.userId) {
      if (own.role === 'member') {
        await tx.teamMember.delete({ where: { userId } });
        return;
      }
      const others = await tx.teamMember.count({ where: { teamId: own.teamId, NOT: { userId } } });
      if (others > 0) throw new AppError('conflict', 'The owner cannot leave while members remain: remove them first');
      await tx.team.delete({ where: { id: own.teamId } });
      return;
    }
    if (own.role !== 'owner') throw ownerOnly();
    const { count } = await tx.teamMember.deleteMany({ where: { userId, teamId: own.teamId, role: 'member' } });
    if (count === 0) throw new AppError('not_found', 'No such member in your team');
  });
}
