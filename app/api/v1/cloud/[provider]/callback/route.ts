import { withApi } from '@/lib/api/with-api';
import { CONNECT_BINDING_COOKIE, connectBindingCookie, finishCloudConnect } from '@/lib/cloud/connect-cloud';
import { publicOrigin } from '@/lib/http/public-origin';
import { parseCookies } from '@/lib/identity/cookies';
import { cloudCallbackOp } from '@/lib/schemas/cloud-connections';

// GET /api/v1/cloud/{provider}/callback – the provider's redirect back: keep the tokens, return to the converter
export const GET = withApi(cloudCallbackOp, async ({ caller, params, request }) => {
  const origin = publicOrigin();
  await finishCloudConnect({
    userId: caller.userId,
    provider: params.provider,
    origin,
    query: new URL(request.url).searchParams,
    binding: parseCookies(request.headers.get('cookie')).get(CONNECT_BINDING_COOKIE),
  });
  const back = new URL('/', origin);
  back.searchParams.set('cloud_connected', params.provider);
  return new Response(null, {
    status: 302,
    headers: { location: back.toString(), 'set-cookie': connectBindingCookie(params.provider, '', origin) },
  });
});
