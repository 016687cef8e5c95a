import { db } from '@/lib/db';

/** Removes expired batches; their conversions (same expiry) go through the conversion sweep. */
export async function purgeExpiredBatches(now = new Date()): Promise<number> {
  const { count } = await db.batch.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
