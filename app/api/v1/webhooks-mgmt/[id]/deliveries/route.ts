import { withApi } from '@/lib/api/with-api';
import { webhookDeliveriesOp } from '@/lib/schemas/webhooks';
import { listDeliveries } from '@/lib/webhooks/manage-webhooks';
import { serializeDelivery } from '@/lib/webhooks/serialize-webhook';

// GET /api/v1/webhooks-mgmt/{id}/deliveries – recent delivery attempts
export const GET = withApi(webhookDeliveriesOp, async ({ caller, params }) => ({
  data: { deliveries: (await listDeliveries(caller, params.id)).map(serializeDelivery) },
}));
