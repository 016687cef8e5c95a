import { withApi } from '@/lib/api/with-api';
import { refreshSession } from '@/lib/accounts/sessions';
import { refreshOp } from '@/lib/schemas/accounts';

// POST /api/v1/auth/refresh – rotate a refresh token into a new token pair
export const POST = withApi(refreshOp, async ({ body }) => ({ data: await refreshSession(body.refresh_token) }));
