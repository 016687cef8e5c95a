import { db } from '@/lib/db';
import { DELIVERY_LOG_DAYS } from '@/lib/domain/webhook-rules';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes delivery attempts older than DELIVERY_LOG_DAYS, so the log of a busy webhook does not
 * grow without end. Retries of one message end within the hour, so no attempt count is cut short.
 */
export async function purgeDeliveryLog(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_LOG_DAYS * DAY_MS);
  const { count } = await db.webhookDelivery.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}
