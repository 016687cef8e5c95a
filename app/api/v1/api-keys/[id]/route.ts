import { withApi } from '@/lib/api/with-api';
import { deleteApiKey } from '@/lib/api-keys/manage-api-keys';
import { deleteApiKeyOp } from '@/lib/schemas/api-keys';

// DELETE /api/v1/api-keys/{id} – delete an API key
export const DELETE = withApi(deleteApiKeyOp, async ({ caller, params }) => {
  await deleteApiKey(caller, params.id);
  return { data: { deleted: true } };
});
