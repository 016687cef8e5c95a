import { config } from '@/lib/config';
import { embeddedQueue, QUEUES } from '@/lib/jobs/embedded-queue';
import {
  conversionRequested,
  conversionRequestedData,
  type ConversionRequestedData,
  type WebhookDeliveryData,
  webhookDeliveryRequested,
} from '@/lib/jobs/events';
import { sendInTurn } from '@/lib/jobs/fair-order';
import { sendWakingLocally } from '@/lib/jobs/local-wake';
import { handOffLocally } from '@/lib/jobs/local-hand-off';
import { inngest } from '@/lib/jobs/inngest-client';
import { logContext } from '@/lib/log/log-context';

/**
 * Queues the conversion job: on Inngest when configured, else on the embedded queue, unless this
 * process starts the run itself (lib/jobs/local-hand-off.ts). `run` is the row's run (0 at creation,
 * +1 per retry): a later run is a new job, not a re-send of the first. `subject` is whom the job is
 * run for (lib/identity/caller.ts `allowanceSubject`): subjects take turns on the engines, so one
 * caller's large batch never starves the others.
 */
export async function enqueueConversion(conversionId: bigint, run: number, subject: string): Promise<void> {
  // The request being answered (lib/log/log-context.ts) travels with the job into its logs.
  const data = conversionRequestedData(conversionId, run, subject, logContext().requestId);
  if (config.inngestEnabled) {
    await inngest.send({ id: `conversion-${jobKey(data)}`, name: conversionRequested.name, data });
    return;
  }
  if (await handOffLocally(data, subject)) return;
  await queueConversionJob(data, subject);
}

// The id makes a re-send of the same run a no-op (Inngest's event id, pg-boss's singleton key).
const jobKey = ({ conversionId, run }: ConversionRequestedData) => (run ? `${conversionId}-run-${run}` : conversionId);

/** Queues the conversion job on the embedded queue, in `subject`'s turn. */
export async function queueConversionJob(data: ConversionRequestedData, subject: string): Promise<void> {
  const boss = await embeddedQueue();
  // Once the job is committed, a worker of this process may take it at once.
  await sendWakingLocally(boss, QUEUES.runConversion, (id) =>
    sendInTurn(boss, QUEUES.runConversion, data, { id, subject, singletonKey: jobKey(data) }),
  );
}

/** Queues one webhook delivery (retried with exponential backoff up to WEBHOOK_DELIVERY_ATTEMPTS attempts, lib/jobs/retries.ts). */
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
