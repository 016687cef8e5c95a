import { config } from '@/lib/config';
import { embeddedQueue, QUEUES } from '@/lib/jobs/embedded-queue';
import {
  conversionRequested,
  conversionRequestedData,
  type WebhookDeliveryData,
  webhookDeliveryRequested,
} from '@/lib/jobs/events';
import { inngest } from '@/lib/jobs/inngest-client';

/**
 * Queues the conversion job: on Inngest when configured, else on the embedded queue. `run` is the
 * row's run (0 at creation, +1 per retry): a later run is a new job, not a re-send of the first.
 */
export async function enqueueConversion(conversionId: bigint, run = 0): Promise<void> {
  const data = conversionRequestedData(conversionId, run);
  // The id makes a re-send of the same run a no-op (Inngest's event id, pg-boss's singleton key).
  const key = run === 0 ? data.conversionId : `${data.conversionId}-run-${run}`;
  if (config.inngestEnabled) {
    await inngest.send({ id: `conversion-${key}`, name: conversionRequested.name, data });
    return;
  }
  const boss = await embeddedQueue();
  await boss.send(QUEUES.runConversion, data, { singletonKey: key });
}

/** Queues one webhook delivery (retried with exponential backoff up to MAX_ATTEMPTS attempts). */
export async function enqueueWebhookDelivery(data: WebhookDeliveryData): Promise<void> {
  if (config.inngestEnabled) {
    await inngest.send({
      id: `webhook-${data.webhookId}-${data.messageId}`,
      name: webhookDeliveryRequested.name,
      data,
    });
    return;
  }
  const boss = await embeddedQueue();
  await boss.send(QUEUES.deliverWebhook, data, { singletonKey: `${data.webhookId}:${data.messageId}` });
}
