import { withApi } from '@/lib/api/with-api';
import { publicOrigin } from '@/lib/http/public-origin';
import { inviteMember } from '@/lib/teams/invitations';
import { inviteOp } from '@/lib/schemas/teams';

// POST /api/v1/team/invites – invite someone by e-mail address (token returned once, mailed)
export const POST = withApi(inviteOp, async ({ caller, body }) => ({
  data: await inviteMember(caller, body.email, publicOrigin()),
}));
