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
 * Queues the conversion job: on Inngest when configured, else on the embedded queue. `retry` names
 * a later run of the same conversion (a caller's retry), which must not be taken for a re-send of the first.
 */
export async function enqueueConversion(conversionId: bigint, retry?: string): Promise<void> {
  const data = conversionRequestedData(conversionId);
  if (config.inngestEnabled) {
    // The event id makes a re-send of the same conversion (run) a no-op on Inngest's side.
    const id = `conversion-${data.conversionId}${retry ? `-retry-${retry}` : ''}`;
    await inngest.send({ id, name: conversionRequested.name, data });
    return;
  }
  const boss = await embeddedQueue();
  await boss.send(QUEUES.runConversion, data, { singletonKey: data.conversionId });
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
