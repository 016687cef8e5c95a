import { withApi } from '@/lib/api/with-api';
import { jsonResponse } from '@/lib/api/response-body';
import { connectBindingCookie, startCloudConnect } from '@/lib/cloud/connect-cloud';
import { publicOrigin } from '@/lib/http/public-origin';
import { connectCloudOp } from '@/lib/schemas/cloud-connections';

// POST /api/v1/cloud/{provider}/connect – start the OAuth flow: the authorize URL, and the browser's nonce cookie
export const POST = withApi(connectCloudOp, async ({ caller, params }) => {
  const origin = publicOrigin();
  const attempt = await startCloudConnect({ userId: caller.userId, provider: params.provider, origin });
  const data = { authorize_url: attempt.authorizeUrl, expires_at: attempt.expiresAt.toISOString() };
  return jsonResponse(connectCloudOp, 200, data, {
    headers: { 'set-cookie': connectBindingCookie(params.provider, attempt.binding, origin) },
  });
});
