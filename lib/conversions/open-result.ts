import { AppError } from '@/lib/errors';
import { config } from '@/lib/config';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import type { Conversion } from '@/lib/generated/prisma/client';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import { resultFile } from '@/lib/conversions/file-names';

/** The caller's completed result: 409 while it is not ready. */
async function completedConversionOrThrow(caller: Caller, id: bigint) {
  const row = await getConversionOrThrow(caller, id);
  if (row.status !== 'completed')
    throw new AppError('invalid_state', `The conversion is ${row.status}; its result is not available`);
  return { row, ...resultFile(row) };
}

export async function openResult(caller: Caller, id: bigint) {
  const { row } = await completedConversionOrThrow(caller, id);
  return openStoredResult(row, {
    size: row.resultSize === null ? null : Number(row.resultSize),
    parts: row.resultParts,
  });
}

/**
 * The result of a conversion known to be completed (`stored` as its completion said): the
 * one-request convert has the row it created and the completion's notice, so it reads neither again.
 */
export async function openStoredResult(
  row: Pick<Conversion, 'resultKey' | 'originalFileName' | 'targetFormat'>,
  stored: { size: number | null; parts: number | null },
) {
  const { fileName, contentType } = resultFile({ ...row, resultParts: stored.parts });
  return { stream: await storage().get(row.resultKey), size: stored.size, fileName, contentType };
}

/** A short-lived link to the result that works without credentials. */
export async function presignResult(caller: Caller, id: bigint, baseUrl: string) {
  const { row, fileName, contentType } = await completedConversionOrThrow(caller, id);
  const expiresInSeconds = config.presignedUrlTtlSeconds;
  // Never past the conversion's own expiry.
  const ttl = Math.max(1, Math.min(expiresInSeconds, Math.floor((row.expiresAt.getTime() - Date.now()) / 1000)));
  const url = await storage().presignedUrl(row.resultKey, { expiresInSeconds: ttl, fileName, contentType, baseUrl });
  return { url, expires_at: new Date(Date.now() + ttl * 1000).toISOString() };
}
