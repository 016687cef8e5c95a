import { withApi } from '@/lib/api/with-api';
import { withdrawInvitation } from '@/lib/teams/invitations';
import { withdrawInviteOp } from '@/lib/schemas/teams';

// DELETE /api/v1/team/invites/{id} – withdraw an invitation
export const DELETE = withApi(withdrawInviteOp, async ({ caller, params }) => {
  await withdrawInvitation(caller, params.id);
  return { data: { deleted: true } };
});
