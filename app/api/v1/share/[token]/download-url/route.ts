import { withApi } from '@/lib/api/with-api';
import { publicOrigin } from '@/lib/http/public-origin';
import { shareDownloadUrlOp } from '@/lib/schemas/shares';
import { presignSharedFile } from '@/lib/shares/download-shared-file';
import { SHARE_PASSWORD_HEADER } from '@/lib/domain/share-rules';

// POST /api/v1/share/{token}/download-url – a short-lived direct link to the shared file, one access (open)
export const POST = withApi(shareDownloadUrlOp, async ({ caller, params, request }) => ({
  data: await presignSharedFile({
    token: params.token,
    password: request.headers.get(SHARE_PASSWORD_HEADER),
    client: caller.clientAddress,
    baseUrl: publicOrigin(),
  }),
}));
