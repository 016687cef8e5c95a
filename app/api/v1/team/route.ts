import { withApi } from '@/lib/api/with-api';
import { createTeam } from '@/lib/teams/manage-team';
import { getTeam } from '@/lib/teams/read-team';
import { createTeamOp, getTeamOp } from '@/lib/schemas/teams';

// GET /api/v1/team – your team, its members and open invitations
export const GET = withApi(getTeamOp, async ({ caller }) => ({ data: await getTeam(caller) }));

// POST /api/v1/team – create a team (Pro and Business)
export const POST = withApi(createTeamOp, async ({ caller, body }) => ({
  data: await createTeam(caller, body.name),
}));
