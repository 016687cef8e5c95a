import { withApi } from '@/lib/api/with-api';
import { resendVerification } from '@/lib/accounts/resend-verification';
import { resendVerificationOp } from '@/lib/schemas/accounts';
import { publicOrigin } from '@/lib/http/public-origin';

// POST /api/v1/auth/verify-email/resend – mail a new verification link
export const POST = withApi(resendVerificationOp, async ({ caller }) => {
  await resendVerification(caller.userId, publicOrigin());
  return { data: { sent: true } };
});
