import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import { type Caller, isOwnedBy } from '@/lib/identity/caller';

/**
 * The caller's batch with its live conversions in upload order: 404 when unknown, expired, or
 * every file of it was deleted; 403 when it is another caller's (the conversions' rule).
 */
export async function getBatchOrThrow(caller: Caller, batchId: string) {
  const now = new Date();
  const batch = await db.batch.findUnique({
    where: { id: batchId },
    include: { conversions: { where: { expiresAt: { gt: now } }, orderBy: { batchIndex: 'asc' } } },
  });
  if (!batch || batch.expiresAt <= now || batch.conversions.length === 0)
    throw new AppError('not_found', 'Batch not found');
  if (!isOwnedBy(batch, caller)) throw new AppError('forbidden', 'This batch belongs to another caller');
  return batch;
}
