import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { publishConversionEvent } from '@/lib/conversions/conversion-events';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import { ACTIVE_STATUSES } from '@/lib/domain/conversion-status';

/**
 * Cancels a pending or processing conversion. The worker hears the event and kills the
 * engine's process group; a finished conversion cannot be cancelled (409).
 */
export async function cancelConversion(caller: Caller, id: bigint) {
  await getConversionOrThrow(caller, id);
  const { count } = await db.conversion.updateMany({
    where: { id, status: { in: [...ACTIVE_STATUSES] } },
    data: { status: 'cancelled', error: 'Cancelled by the caller', completedAt: new Date() },
  });
  const row = await db.conversion.findUniqueOrThrow({ where: { id } });
  if (count === 0) throw new AppError('invalid_state', `Conversion is already ${row.status}`);
  await publishConversionEvent({ id: String(id), status: 'cancelled', progress: row.progress, error: row.error });
  return row;
}
