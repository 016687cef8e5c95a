import { withApi } from '@/lib/api/with-api';
import { listTeams } from '@/lib/admin/teams';
import { listTeamsOp } from '@/lib/schemas/admin';

// GET /api/v1/admin/teams – teams with owner, plan and members (administrators)
export const GET = withApi(listTeamsOp, async ({ query }) => ({ data: await listTeams(query.page) }));
