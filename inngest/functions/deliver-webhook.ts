import { NonRetriableError } from 'inngest';
import { inngest } from '@/inngest/client';
import { parseWebhookDelivery, webhookDeliveryRequested } from '@/lib/jobs/events';
import { deliverWebhook } from '@/lib/webhooks/deliver-webhook';
import { inngestRetries, WEBHOOK_DELIVERY_ATTEMPTS } from '@/lib/jobs/retries';

// transmute/webhook.delivery.requested → one attempt per run; a failed attempt throws and Inngest
// retries it with exponential backoff (logic in lib/webhooks/deliver-webhook.ts).
export const deliverWebhookFn = inngest.createFunction(
  {
    id: 'deliver-webhook',
    triggers: [webhookDeliveryRequested],
    retries: inngestRetries(WEBHOOK_DELIVERY_ATTEMPTS - 1),
  },
  async ({ event, step }) => {
    const data = parseWebhookDelivery(event.data);
    if (data === null) throw new NonRetriableError('Bad payload: not a webhook delivery');
    return step.run('deliver', () => deliverWebhook(data));
  },
);
