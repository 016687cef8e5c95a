import { AppError } from '@/lib/errors';
import { withApi } from '@/lib/api/with-api';
import { revokeSession } from '@/lib/accounts/sessions';
import { revokeOp } from '@/lib/schemas/accounts';

// POST /api/v1/auth/revoke – end the session of this token
export const POST = withApi(revokeOp, async ({ caller }) => {
  if (!caller.sessionId)
    throw new AppError('bad_request', 'Only API session tokens can be revoked here; browsers sign out instead');
  await revokeSession(caller.sessionId);
  return { data: { revoked: true } };
});
