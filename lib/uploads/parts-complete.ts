import { AppError } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import { convertStoredUpload } from '@/lib/uploads/convert-stored';
import { assertUploadOf } from '@/lib/uploads/get-upload-or-throw';
import { missingParts } from '@/lib/uploads/upload-rules';

// Completing holds the upload's row lock from the first read to the recorded conversion id, so a
// second complete (at the same time or later) waits, then finds the id and returns that conversion.
const COMPLETE_TIMEOUT_MS = 10 * 60_000;

type Outcome = { conversionId: bigint } | { refused: unknown };

/**
 * POST /uploads/{token}/complete: assembles the parts (no copy on either driver) and creates the
 * conversion; a repeat returns the same conversion. Missing parts are a 400 naming them and the
 * upload stays open; a refused file (format, pair, allowance) deletes the upload with its bytes.
 */
export async function completeUpload(caller: Caller, token: string) {
  const outcome = await db.$transaction(
    async (tx): Promise<Outcome> => {
      await tx.$queryRaw`SELECT token FROM uploads WHERE token = ${token} FOR UPDATE`;
      const row = await tx.upload.findUnique({
        where: { token },
        include: { parts: { select: { number: true, etag: true }, orderBy: { number: 'asc' } } },
      });
      const upload = assertUploadOf(row, caller);
      if (upload.conversionId !== null) return { conversionId: upload.conversionId };
      const missing = missingParts(
        upload.partCount,
        upload.parts.map((p) => p.number),
      );
      if (missing.length > 0) throw missingPartsError(missing);

      await storage().completeMultipart(upload.storageKey, upload.storageUploadId, upload.parts);
      try {
        const conversion = await convertStoredUpload({
          caller,
          key: upload.storageKey,
          fileName: upload.fileName,
          size: Number(upload.fileSize),
          targetFormat: upload.targetFormat,
        });
        await tx.upload.update({ where: { token }, data: { conversionId: conversion.id } });
        return { conversionId: conversion.id };
      } catch (refused) {
        // The bytes are gone with the refusal, so the upload goes too (its token then answers 404).
        await tx.upload.delete({ where: { token } });
        return { refused };
      }
    },
    { timeout: COMPLETE_TIMEOUT_MS, maxWait: 10_000 },
  );
  if ('refused' in outcome) throw outcome.refused;
  const conversion = await db.conversion.findUnique({ where: { id: outcome.conversionId } });
  if (!conversion) throw new AppError('not_found', 'The conversion of this upload has been deleted');
  return conversion;
}

function missingPartsError(missing: number[]): AppError {
  const shown = missing.slice(0, 50).join(', ');
  const more = missing.length > 50 ? ` and ${missing.length - 50} more` : '';
  return new AppError('bad_request', `Missing parts: ${shown}${more}; send them, then complete again`);
}
