import { withApi } from '@/lib/api/with-api';
import { listCloudFiles } from '@/lib/cloud/list-cloud-files';
import { cloudFilesOp } from '@/lib/schemas/cloud-connections';

// GET /api/v1/cloud/{provider}/files – a folder of the connected account, or search results (the picker)
export const GET = withApi(cloudFilesOp, async ({ caller, params, query }) => ({
  data: {
    folder: query.folder ?? null,
    search: query.search ?? null,
    items: await listCloudFiles({ userId: caller.userId, provider: params.provider, ...query }),
  },
}));
