import { fileResponse } from '@/lib/api/file-response';
import { withApi } from '@/lib/api/with-api';
import { downloadShareOp } from '@/lib/schemas/shares';
import { downloadSharedFile } from '@/lib/shares/download-shared-file';
import { SHARE_PASSWORD_HEADER } from '@/lib/domain/share-rules';

// GET /api/v1/share/{token}/download – the shared file, one access (open; password in a header)
export const GET = withApi(downloadShareOp, async ({ caller, params, request }) =>
  fileResponse(
    await downloadSharedFile({
      token: params.token,
      password: request.headers.get(SHARE_PASSWORD_HEADER),
      client: caller.clientAddress,
    }),
  ),
);
