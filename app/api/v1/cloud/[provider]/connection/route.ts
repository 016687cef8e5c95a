import { withApi } from '@/lib/api/with-api';
import { deleteConnection } from '@/lib/cloud/cloud-connections';
import { disconnectCloudOp } from '@/lib/schemas/cloud-connections';

// DELETE /api/v1/cloud/{provider}/connection – disconnect: the tokens are deleted
export const DELETE = withApi(disconnectCloudOp, async ({ caller, params }) => {
  await deleteConnection(caller.userId, params.provider);
  return { data: { provider: params.provider, connected: false } };
});
