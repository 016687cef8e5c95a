import { withApi } from '@/lib/api/with-api';
import { authenticate } from '@/lib/accounts/authenticate';
import { assertPasswordSignInAllowed } from '@/lib/auth/password-sign-in';
import { createSession } from '@/lib/accounts/sessions';
import { tokenOp } from '@/lib/schemas/accounts';

// POST /api/v1/auth/token – sign in and get a session token
export const POST = withApi(tokenOp, async ({ body }) => {
  assertPasswordSignInAllowed('Sign-in');
  const user = await authenticate(body.email, body.password);
  return { data: await createSession(user.id) };
});
