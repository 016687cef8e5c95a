import { AppError } from '@/lib/errors';
import { type Conversion, Prisma } from '@/lib/generated/prisma/client';
import { preparedQuery } from '@/lib/prepared-sql';
import { CONVERSION_ROW } from '@/lib/conversions/conversion-row-sql';
import { type Caller, isOwnedBy } from '@/lib/identity/caller';

type Readable = { userId: string | null; guestId: string | null; expiresAt: Date };

/** The read rule: 404 when the conversion does not exist or has expired, 403 when it is another caller's. */
export function assertReadableBy<T extends Readable>(row: T | null | undefined, caller: Caller): T {
  if (!row || row.expiresAt <= new Date()) throw new AppError('not_found', 'Conversion not found');
  if (!isOwnedBy(row, caller)) throw new AppError('forbidden', 'This conversion belongs to another caller');
  return row;
}

/**
 * The caller's conversion (see `assertReadableBy`). Every conversion route goes through here,
 * except the status read, which takes the same rule over a leaner query (read-conversion-status.ts).
 * A prepared statement (lib/prepared-sql.ts): it is on the path of every download.
 */
export async function getConversionOrThrow(caller: Caller, id: bigint): Promise<Conversion> {
  const [row] = await preparedQuery<Conversion>(Prisma.sql`SELECT ${CONVERSION_ROW} FROM conversions WHERE id = ${id}`);
  return assertReadableBy(row, caller);
}
