import { withApi } from '@/lib/api/with-api';
import { actorOf } from '@/lib/admin/audit';
import { inviteToSignUp } from '@/lib/admin/invitations';
import { publicOrigin } from '@/lib/http/public-origin';
import { createInvitationOp } from '@/lib/schemas/admin';

// POST /api/v1/admin/invitations – invite an address to sign up (token returned once, mailed; audited)
export const POST = withApi(createInvitationOp, async ({ caller, body }) => ({
  data: await inviteToSignUp({ ...actorOf(caller), id: caller.userId }, body.email, publicOrigin()),
}));
