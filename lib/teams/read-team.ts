import type { z } from 'zod';
import { db } from '@/lib/db';
import type { AccountCaller } from '@/lib/identity/caller';
import type { Team } from '@/lib/schemas/teams';
import { capacityOf, notInTeam, openInvitationWhere, type Tx } from '@/lib/teams/team-rules';

/** The team of GET /api/v1/team; open invitations only when `forOwner`. */
export async function serializeTeam(tx: Tx | typeof db, teamId: string, forOwner: boolean) {
  const team = await tx.team.findUniqueOrThrow({
    where: { id: teamId },
    include: {
      owner: { select: { plan: true } },
      members: {
        include: { user: { select: { email: true, name: true } } },
        orderBy: [{ joinedAt: 'asc' }, { userId: 'asc' }],
      },
      invitations: forOwner ? { where: openInvitationWhere(teamId), orderBy: { createdAt: 'asc' } } : false,
    },
  });
  return {
    team: {
      id: team.id,
      name: team.name,
      plan: team.owner.plan,
      capacity: capacityOf(team.owner.plan),
      created_at: team.createdAt.toISOString(),
    },
    members: team.members.map((m) => ({
      user_id: m.userId,
      email: m.user.email,
      name: m.user.name,
      role: m.role,
      joined_at: m.joinedAt.toISOString(),
    })),
    invitations: (team.invitations ?? []).map((i) => ({
      id: i.id,
      email: i.email,
      created_at: i.createdAt.toISOString(),
      expires_at: i.expiresAt.toISOString(),
    })),
  } satisfies z.input<typeof Team>;
}

export type TeamJson = Awaited<ReturnType<typeof serializeTeam>>;

/** The caller's team (404 when not in one). */
export async function getTeam(caller: AccountCaller): Promise<TeamJson> {
  const membership = await db.teamMember.findUnique({ where: { userId: caller.userId } });
  if (!membership) throw notInTeam();
  return serializeTeam(db, membership.teamId, membership.role === 'owner');
}
