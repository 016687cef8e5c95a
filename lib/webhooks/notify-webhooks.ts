import { db } from '@/lib/db';
import { randomToken } from '@/lib/crypto';
import { enqueueWebhookDelivery } from '@/lib/jobs/enqueue';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { ACTIVE_STATUSES } from '@/lib/conversions/status';
import { serializeBatchStatus } from '@/lib/batches/serialize-batch';
import type { WebhookEvent } from '@/lib/webhooks/webhook-rules';

/** The conversion a notification is about, and its owner (null for an anonymous one). */
export type ConversionOwner = { id: bigint; userId: string | null };

/**
 * Queues a delivery to each of the owner's webhooks that takes the event, after a conversion
 * completed or failed (whichever credential made it: the row's owner decides), and
 * `batch.completed` when it was the last active file of its batch. Never throws: a webhook problem
 * must not touch the conversion.
 */
export async function notifyConversionFinished(
  conversion: ConversionOwner,
  event: 'conversion.completed' | 'conversion.failed',
) {
  // Anonymous conversions have no webhooks: no query on their path.
  if (!conversion.userId) return;
  const conversionId = conversion.id;
  try {
    const row = await db.conversion.findUnique({ where: { id: conversionId } });
    if (!row?.userId) return;
    await fire(row.userId, event, { conversion: serializeConversion(row) });
    if (row.batchId) await notifyBatchIfDone(row.userId, row.batchId);
  } catch (e) {
    console.error(`[webhooks] conversion ${conversionId}:`, e);
  }
}

async function notifyBatchIfDone(userId: string, batchId: string) {
  const batch = await db.batch.findUnique({ where: { id: batchId } });
  if (!batch) return;
  const conversions = await db.conversion.findMany({ where: { batchId }, orderBy: { batchIndex: 'asc' } });
  if (conversions.some((c) => (ACTIVE_STATUSES as readonly string[]).includes(c.status))) return;
  // Two workers finishing the last two files at once both get here: the row is claimed once, so
  // one of them sends it. (The queue's singleton key alone dedupes only while the first is queued.)
  const claimed = await db.batch.updateMany({
    where: { id: batchId, completedNotifiedAt: null },
    data: { completedNotifiedAt: new Date() },
  });
  if (claimed.count === 0) return;
  try {
    await fire(userId, 'batch.completed', serializeBatchStatus({ batch, conversions }), `msg_batch_${batchId}`);
  } catch (e) {
    // Not queued: the next file to finish (a retry) may send it.
    await db.batch.update({ where: { id: batchId }, data: { completedNotifiedAt: null } });
    throw e;
  }
}

async function fire(userId: string, event: WebhookEvent, data: object, messageId = `msg_${randomToken(16)}`) {
  const hooks = await db.webhook.findMany({ where: { userId, events: { has: event } }, select: { id: true } });
  if (hooks.length === 0) return;
  const body = JSON.stringify({ type: event, timestamp: new Date().toISOString(), data });
  for (const hook of hooks) await enqueueWebhookDelivery({ webhookId: hook.id, messageId, event, body });
}
