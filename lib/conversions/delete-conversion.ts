import { db } from '@/lib/db';
import type { Conversion } from '@/lib/generated/prisma/client';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import { publishConversionEvent } from '@/lib/conversions/conversion-events';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import { ACTIVE_STATUSES, isTerminal } from '@/lib/domain/conversion-status';

/** Deletes a conversion, its input and its result; a running job is stopped first. */
export async function deleteConversion(caller: Caller, id: bigint): Promise<void> {
  await removeConversion(await getConversionOrThrow(caller, id));
}

type Removable = Pick<Conversion, 'id' | 'status' | 'progress' | 'inputKey' | 'resultKey'>;

/** Removes a conversion whoever it belongs to: stops its job, then drops its row and its files. */
export async function removeConversion(row: Removable): Promise<void> {
  const { id } = row;
  if (!isTerminal(row.status)) {
    await db.conversion.updateMany({
      where: { id, status: { in: [...ACTIVE_STATUSES] } },
      data: { status: 'cancelled' },
    });
    await publishConversionEvent({ id: String(id), status: 'cancelled', progress: row.progress });
  }
  await db.conversion.deleteMany({ where: { id } });
  await storage().delete(row.inputKey);
  await storage().delete(row.resultKey);
}
