import { AppError } from '@/lib/errors';
import { randomToken } from '@/lib/crypto';
import { db } from '@/lib/db';
import { type Caller, ownerOf } from '@/lib/identity/caller';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import { expiresAtFor, limitsFor } from '@/lib/plans';

/**
 * POST /batch: makes a batch of conversions the caller already made one by one (each uploaded on
 * its own, resumable), so they share a status and one ZIP. The plan's files per batch applies as
 * to an uploaded batch (413); a conversion of someone else answers 403, one already in a batch 409.
 * Nothing is charged: each file was charged when it was created.
 */
export async function groupConversions({ caller, conversionIds }: { caller: Caller; conversionIds: bigint[] }) {
  if (new Set(conversionIds.map(String)).size !== conversionIds.length)
    throw new AppError('validation_failed', 'conversion_ids: each conversion may appear once');
  const max = limitsFor(caller.plan).filesPerBatch;
  if (max !== null && conversionIds.length > max)
    throw new AppError(
      'batch_too_large',
      `Your plan takes at most ${max} file${max === 1 ? '' : 's'} per batch: got ${conversionIds.length}`,
    );
  const rows: Array<Awaited<ReturnType<typeof getConversionOrThrow>>> = [];
  for (const id of conversionIds) rows.push(await getConversionOrThrow(caller, id));
  const createdAt = new Date();
  return db.$transaction(async (tx) => {
    const batch = await tx.batch.create({
      data: { id: randomToken(24), ...ownerOf(caller), createdAt, expiresAt: expiresAtFor(caller.plan, createdAt) },
    });
    for (const [index, row] of rows.entries()) {
      // Conditional, so two requests grouping the same conversion cannot both take it.
      const { count } = await tx.conversion.updateMany({
        where: { id: row.id, batchId: null },
        data: { batchId: batch.id, batchIndex: index },
      });
      if (count === 0) throw new AppError('invalid_state', `Conversion ${row.id} is already in a batch`);
    }
    const conversions = await tx.conversion.findMany({ where: { batchId: batch.id }, orderBy: { batchIndex: 'asc' } });
    return { batch, conversions };
  });
}
