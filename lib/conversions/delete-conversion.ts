import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import { publishConversionEvent } from '@/lib/conversions/conversion-events';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import { ACTIVE_STATUSES, isTerminal } from '@/lib/domain/conversion-status';

/** Deletes a conversion, its input and its result; a running job is stopped first. */
export async function deleteConversion(caller: Caller, id: bigint): Promise<void> {
  const row = await getConversionOrThrow(caller, id);
  if (!isTerminal(row.status)) {
    await db.conversion.updateMany({
      where: { id, status: { in: [...ACTIVE_STATUSES] } },
      data: { status: 'cancelled' },
    });
    await publishConversionEvent({ id: String(id), status: 'cancelled', progress: row.progress });
  }
  await db.conversion.delete({ where: { id } });
  await storage().delete(row.inputKey);
  await storage().delete(row.resultKey);
}
