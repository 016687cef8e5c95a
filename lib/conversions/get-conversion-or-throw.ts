import { AppError } from '@/lib/api/errors';
import { db } from '@/lib/db';
import { type Caller, isOwnedBy } from '@/lib/identity/caller';

/**
 * The caller's conversion: 404 when it does not exist or has expired, 403 when it is another
 * caller's. Every conversion route goes through here.
 */
export async function getConversionOrThrow(caller: Caller, id: bigint) {
  const row = await db.conversion.findUnique({ where: { id } });
  if (!row || row.expiresAt <= new Date()) throw new AppError('not_found', 'Conversion not found');
  if (!isOwnedBy(row, caller)) throw new AppError('forbidden', 'This conversion belongs to another caller');
  return row;
}
