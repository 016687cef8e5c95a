import { AppError } from '@/lib/errors';
import { normalizeEmail } from '@/lib/accounts/register-user';
import { assertEmailVerified } from '@/lib/accounts/verified-email';
import { randomToken, sha256 } from '@/lib/crypto';
import { closedInvitationReason, USED_INVITATION } from '@/lib/domain/invitation-rules';
import { db } from '@/lib/db';
import type { AccountCaller } from '@/lib/identity/caller';
import { sendTeamInvitationMail } from '@/lib/teams/team-mails';
import { serializeTeam, type TeamJson } from '@/lib/teams/read-team';
import {
  alreadyInTeam,
  assertSeatFree,
  assertTeamPlan,
  INVITATION_TTL_MS,
  lockTeam,
  notInTeam,
  openInvitationWhere,
  ownerOnly,
  type Tx,
} from '@/lib/teams/team-rules';

/** The caller's team when they own it: 404 outside a team, 403 for a member. */
async function ownedTeamId(tx: Tx, caller: AccountCaller): Promise<string> {
  const own = await tx.teamMember.findUnique({ where: { userId: caller.userId } });
  if (!own) throw notInTeam();
  if (own.role !== 'owner') throw ownerOnly();
  return own.teamId;
}

/**
 * Invites an address (owner only). Members plus open invitations may not exceed the capacity,
 * checked under the team's row lock. The token is returned and mailed once; only its hash is kept.
 */
export async function inviteMember(caller: AccountCaller, rawEmail: string, origin: string) {
  const email = normalizeEmail(rawEmail);
  const token = randomToken(32);
  const invitation = await db.$transaction(async (tx) => {
    const teamId = await ownedTeamId(tx, caller);
    const { ownerPlan } = await lockTeam(tx, teamId);
    assertTeamPlan(ownerPlan, "The team's plan no longer includes a team");
    const invitee = await tx.user.findUnique({
      where: { email },
      select: { teamMembership: { select: { teamId: true } } },
    });
    if (invitee?.teamMembership) throw new AppError('conflict', `${email} is already in a team`);
    if (await tx.teamInvitation.findFirst({ where: { ...openInvitationWhere(teamId), email } })) {
      throw new AppError('conflict', `${email} already has an open invitation`);
    }
    const members = await tx.teamMember.count({ where: { teamId } });
    const open = await tx.teamInvitation.count({ where: openInvitationWhere(teamId) });
    assertSeatFree(ownerPlan, members + open);
    return tx.teamInvitation.create({
      data: {
        teamId,
        email,
        tokenHash: sha256(token),
        invitedById: caller.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      },
      include: { team: { select: { name: true } } },
    });
  });
  // Made with its team just above.
  const teamName = invitation.team!.name;
  await sendTeamInvitationMail({ to: email, teamName, token, expiresAt: invitation.expiresAt }, origin);
  return { id: invitation.id, email, token, expires_at: invitation.expiresAt.toISOString() };
}

/** Withdraws an open invitation (owner only): its token answers 410 from then on. */
export async function withdrawInvitation(caller: AccountCaller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const teamId = await ownedTeamId(tx, caller);
    await lockTeam(tx, teamId);
    const invitation = await tx.teamInvitation.findFirst({ where: { id, teamId } });
    if (!invitation) throw new AppError('not_found', 'No such invitation in your team');
    if (invitation.acceptedAt) throw new AppError('invalid_state', 'The invitation was already accepted');
    if (!invitation.withdrawnAt) await tx.teamInvitation.update({ where: { id }, data: { withdrawnAt: new Date() } });
  });
}

/**
 * Accepts an invitation: only the account with the invited address, verified; used, withdrawn or expired
 * answer 410; someone already in a team 409. Under the team's row lock the seat is checked again
 * (the capacity can have shrunk since the invitation), and the single-use mark is a conditional update.
 */
export async function joinTeam(caller: AccountCaller, token: string): Promise<TeamJson> {
  return db.$transaction(async (tx) => {
    const found = await tx.teamInvitation.findUnique({
      where: { tokenHash: sha256(token) },
      select: { id: true, teamId: true },
    });
    if (!found) throw new AppError('not_found', 'Unknown invitation');
    const { teamId } = found;
    if (!teamId) throw new AppError('not_found', 'This invitation is to sign up, not to join a team');
    const { ownerPlan } = await lockTeam(tx, teamId);
    const invitation = await tx.teamInvitation.findUniqueOrThrow({ where: { id: found.id } });
    const user = await tx.user.findUniqueOrThrow({
      where: { id: caller.userId },
      select: { email: true, emailVerifiedAt: true },
    });
    assertEmailVerified(user);
    if (normalizeEmail(user.email) !== invitation.email)
      throw new AppError('forbidden', 'This invitation is for another e-mail address');
    const closed = closedInvitationReason(invitation);
    if (closed) throw new AppError('invitation_gone', closed);
    if (await tx.teamMember.findUnique({ where: { userId: caller.userId } })) throw alreadyInTeam();
    assertTeamPlan(ownerPlan, "The team's plan no longer includes a team");
    assertSeatFree(ownerPlan, await tx.teamMember.count({ where: { teamId } }));
    const { count } = await tx.teamInvitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, withdrawnAt: null },
      data: { acceptedAt: new Date() },
    });
    if (count === 0) throw new AppError('invitation_gone', USED_INVITATION);
    await tx.teamMember.create({ data: { userId: caller.userId, teamId, role: 'member' } });
    return serializeTeam(tx, teamId, false);
  });
}
