import { withApi } from '@/lib/api/with-api';
import { downloadFromCloud } from '@/lib/cloud/cloud-imports';
import { cloudDownloadOp } from '@/lib/schemas/cloud';

// POST /api/v1/cloud/{provider}/download – fetch a file and hold it behind a single-use token
export const POST = withApi(cloudDownloadOp, async ({ caller, params, body }) => {
  const held = await downloadFromCloud(caller, params.provider, body);
  return {
    data: {
      token: held.token,
      file_name: held.fileName,
      size: Number(held.size),
      expires_at: held.expiresAt.toISOString(),
    },
  };
});
