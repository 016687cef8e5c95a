import { withApi } from '@/lib/api/with-api';
import { assertPasswordSignInAllowed } from '@/lib/auth/password-sign-in';
import { requestPasswordReset } from '@/lib/accounts/reset-password';
import { passwordResetOp } from '@/lib/schemas/accounts';
import { publicOrigin } from '@/lib/http/public-origin';

// POST /api/v1/auth/password-reset – mail a reset link
export const POST = withApi(passwordResetOp, async ({ body }) => {
  assertPasswordSignInAllowed('Sign-in');
  await requestPasswordReset(body.email, publicOrigin());
  return { data: { sent: true } };
});
