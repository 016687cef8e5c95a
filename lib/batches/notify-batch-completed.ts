import { db } from '@/lib/db';
import type { ConversionOwner } from '@/lib/conversions/lifecycle';
import { ACTIVE_STATUSES } from '@/lib/domain/conversion-status';
import { serializeBatchStatus } from '@/lib/batches/serialize-batch';
import { fireWebhookEvent } from '@/lib/webhooks/notify-webhooks';

/**
 * Sends `batch.completed` once, when the finished conversion was the last active file of its batch.
 * Subscribed to the conversion's lifecycle. Anonymous batches have no webhooks.
 */
export async function notifyBatchIfDone(conversion: ConversionOwner) {
  const { userId, batchId } = conversion;
  if (!userId || !batchId) return;
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
    await fireWebhookEvent(
      userId,
      'batch.completed',
      serializeBatchStatus({ batch, conversions }),
      `msg_batch_${batchId}`,
    );
  } catch (e) {
    // Not queued: the next file to finish (a retry) may send it.
    await db.batch.update({ where: { id: batchId }, data: { completedNotifiedAt: null } });
    throw e;
  }
}
