import { withApi } from '@/lib/api/with-api';
import { publicOrigin } from '@/lib/http/public-origin';
import { createShareOp } from '@/lib/schemas/shares';
import { createShareLink } from '@/lib/shares/create-share-link';
import { serializeShare } from '@/lib/shares/serialize-share';

// POST /api/v1/conversions/{id}/share – create a share link
export const POST = withApi(createShareOp, async ({ caller, params, body }) => {
  const row = await createShareLink(caller, params.id, {
    password: body.password,
    expiresAt: body.expires_at,
    accessLimit: body.access_limit,
  });
  return { data: serializeShare(row, publicOrigin()) };
});
