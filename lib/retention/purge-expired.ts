import { db } from '@/lib/db';
import { storage, sweepIncompletePuts } from '@/lib/storage';
import { purgeExpiredUploads } from '@/lib/uploads/parts/abandon';
import { purgeExpiredBatches } from '@/lib/batches/purge-expired-batches';
import { purgeExpiredCloudImports } from '@/lib/cloud/cloud-imports';
import { purgeExpiredConnectAttempts } from '@/lib/cloud/connect-cloud';
import { purgeDeliveryLog } from '@/lib/webhooks/purge-delivery-log';

/**
 * The retention sweep: deletes expired conversions with their files, in batches, and partial
 * uploads nobody is writing any more, resumable uploads past their 24 hours, cloud connection
 * attempts nobody finished and old webhook delivery attempts. Returns how many conversions were removed.
 */
export async function purgeExpiredConversions(now = new Date()): Promise<number> {
  await sweepIncompletePuts();
  await purgeExpiredUploads(now);
  await purgeExpiredBatches(now);
  await purgeExpiredCloudImports();
  await purgeExpiredConnectAttempts();
  await purgeDeliveryLog(now);
  let removed = 0;
  for (;;) {
    const batch = await db.conversion.findMany({
      where: { expiresAt: { lte: now } },
      select: { id: true, inputKey: true, resultKey: true },
      take: 200,
    });
    if (batch.length === 0) return removed;
    for (const row of batch) {
      // Files first: a row is only dropped once nothing of it is left in storage.
      await storage().delete(row.inputKey);
      await storage().delete(row.resultKey);
    }
    const { count } = await db.conversion.deleteMany({ where: { id: { in: batch.map((r) => r.id) } } });
    removed += count;
  }
}
