import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';

/** The links of the caller's conversion, newest first (their tokens work: owner only). */
export async function listShareLinks(caller: Caller, conversionId: bigint) {
  await getConversionOrThrow(caller, conversionId);
  return db.shareLink.findMany({ where: { conversionId }, orderBy: { createdAt: 'desc' } });
}

/** Revokes a link of the caller's conversion: the row goes, so the next request answers 404. */
export async function revokeShareLink(caller: Caller, conversionId: bigint, token: string): Promise<void> {
  await getConversionOrThrow(caller, conversionId);
  const { count } = await db.shareLink.deleteMany({ where: { token, conversionId } });
  if (count === 0) throw new AppError('not_found', 'Share link not found');
}
