import { withApi } from '@/lib/api/with-api';
import { assertPasswordSignInAllowed } from '@/lib/auth/password-sign-in';
import { resetPassword } from '@/lib/accounts/reset-password';
import { passwordResetConfirmOp } from '@/lib/schemas/accounts';

// POST /api/v1/auth/password-reset/confirm – set a new password with the mailed token
export const POST = withApi(passwordResetConfirmOp, async ({ body }) => {
  assertPasswordSignInAllowed('Sign-in');
  await resetPassword(body.token, body.password);
  return { data: { reset: true } };
});
