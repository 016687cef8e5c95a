import { withApi } from '@/lib/api/with-api';
import { joinTeam } from '@/lib/teams/invitations';
import { joinTeamOp } from '@/lib/schemas/teams';

// POST /api/v1/team/join – accept an invitation
export const POST = withApi(joinTeamOp, async ({ caller, body }) => ({ data: await joinTeam(caller, body.token) }));
