import { withApi } from '@/lib/api/with-api';
import { removeMember } from '@/lib/teams/manage-team';
import { removeMemberOp } from '@/lib/schemas/teams';

// DELETE /api/v1/team/members/{id} – remove a member, or leave (your own id)
export const DELETE = withApi(removeMemberOp, async ({ caller, params }) => {
  await removeMember(caller, params.id);
  return { data: { removed: true } };
});
