import { withApi } from '@/lib/api/with-api';
import { createWebhookOp, listWebhooksOp } from '@/lib/schemas/webhooks';
import { createWebhook, listWebhooks } from '@/lib/webhooks/manage-webhooks';
import { serializeWebhook } from '@/lib/webhooks/serialize-webhook';

// GET /api/v1/webhooks-mgmt – list your webhooks
export const GET = withApi(listWebhooksOp, async ({ caller }) => ({
  data: { webhooks: (await listWebhooks(caller)).map(serializeWebhook) },
}));

// POST /api/v1/webhooks-mgmt – register a webhook (the secret is in this answer only)
export const POST = withApi(createWebhookOp, async ({ caller, body }) => {
  const { row, secret } = await createWebhook(caller, body);
  return { data: { ...serializeWebhook(row), secret } };
});
