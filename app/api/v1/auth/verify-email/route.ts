import { withApi } from '@/lib/api/with-api';
import { verifyEmail } from '@/lib/accounts/reset-password';
import { verifyEmailOp } from '@/lib/schemas/accounts';

// POST /api/v1/auth/verify-email – confirm an address with the mailed token
export const POST = withApi(verifyEmailOp, async ({ body }) => {
  await verifyEmail(body.token);
  return { data: { verified: true } };
});
