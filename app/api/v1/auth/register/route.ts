import { withApi } from '@/lib/api/with-api';
import { registerUser } from '@/lib/accounts/register-user';
import { assertPasswordSignInAllowed } from '@/lib/auth/password-sign-in';
import { serializeProfile } from '@/lib/accounts/serialize-profile';
import { registerOp } from '@/lib/schemas/accounts';
import { publicOrigin } from '@/lib/http/public-origin';

// POST /api/v1/auth/register – create an account
export const POST = withApi(registerOp, async ({ body }) => {
  assertPasswordSignInAllowed('Sign-up');
  const user = await registerUser(body, publicOrigin());
  return { data: serializeProfile(user, user.plan) }; // a new account is in no team
});
