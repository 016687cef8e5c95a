// When a team invitation can still be taken up: joining the team and signing up with it (where
// only invited people may) refuse a closed one alike, with the same words.

export const USED_INVITATION = 'This invitation has already been used';

type InvitationState = { acceptedAt: Date | null; withdrawnAt: Date | null; expiresAt: Date };

/** Why the invitation can no longer be taken up, or undefined while it is open. */
export function closedInvitationReason(invitation: InvitationState, now = new Date()): string | undefined {
  if (invitation.acceptedAt) return USED_INVITATION;
  if (invitation.withdrawnAt) return 'This invitation was withdrawn';
  if (invitation.expiresAt <= now) return 'This invitation has expired';
  return undefined;
}
