import { withApi } from '@/lib/api/with-api';
import { deleteWebhookOp } from '@/lib/schemas/webhooks';
import { deleteWebhook } from '@/lib/webhooks/manage-webhooks';

// DELETE /api/v1/webhooks-mgmt/{id} – delete a webhook and its delivery log
export const DELETE = withApi(deleteWebhookOp, async ({ caller, params }) => {
  await deleteWebhook(caller, params.id);
  return { data: { deleted: true } };
});
