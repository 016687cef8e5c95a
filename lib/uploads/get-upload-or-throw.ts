import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { UploadProtocol } from '@/lib/generated/prisma/enums';
import { type Caller, isOwnedBy } from '@/lib/identity/caller';

type Owned = { userId: string | null; guestId: string | null; expiresAt: Date; protocol: UploadProtocol };

/**
 * The rule of every token endpoint of both protocols: 404 when unknown, expired or the other
 * protocol's, 403 when another caller's.
 */
export function assertUploadOf<T extends Owned>(
  row: T | null | undefined,
  caller: Caller,
  protocol: UploadProtocol,
): T {
  if (!row || row.expiresAt <= new Date() || row.protocol !== protocol) {
    throw new AppError('not_found', 'Upload not found');
  }
  if (!isOwnedBy(row, caller)) throw new AppError('forbidden', 'This upload belongs to another caller');
  return row;
}

/** The caller's upload with its stored part numbers, sorted. */
export async function getUploadOrThrow(caller: Caller, token: string) {
  const row = await db.upload.findUnique({
    where: { token },
    include: { parts: { select: { number: true }, orderBy: { number: 'asc' } } },
  });
  return assertUploadOf(row, caller, 'parts');
}
