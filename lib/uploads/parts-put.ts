import { pipeline } from 'node:stream/promises';
import { AppError } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import { exactLength } from '@/lib/uploads/exact-length';
import { assertUploadOf } from '@/lib/uploads/get-upload-or-throw';
import { releaseBody, requestBodyStream } from '@/lib/uploads/request-body';
import { partRange } from '@/lib/uploads/upload-rules';

/**
 * PUT /uploads/{token}/parts/{number}: streams the body into the upload's object at the part's
 * place. Every part but the last is exactly part_size bytes; anything else is a 400 and the part is
 * not recorded. A repeat replaces the part: its record goes first, so a repeat that fails leaves it
 * missing (never half old, half new), and complete names it.
 */
export async function putUploadPart(options: { caller: Caller; token: string; number: number; request: Request }) {
  const { caller, token, number, request } = options;
  const row = assertUploadOf(await db.upload.findUnique({ where: { token } }), caller, 'parts');
  if (row.conversionId !== null) throw new AppError('invalid_state', 'This upload is already completed');
  if (number < 1 || number > row.partCount) {
    throw new AppError('bad_request', `Part number must be between 1 and ${row.partCount}`);
  }
  const part = partRange({ fileSize: Number(row.fileSize), partSize: row.partSize }, number);
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) !== part.size) {
    throw new AppError(
      'bad_request',
      `Part ${number} must be exactly ${part.size} bytes (Content-Length says ${declared})`,
    );
  }
  const body = requestBodyStream(request);
  await db.uploadPart.deleteMany({ where: { uploadToken: token, number } });

  const counted = exactLength(part.size, `Part ${number}`);
  let clientGone = false;
  body.once('error', () => (clientGone = true));
  let etag: string;
  try {
    const stored = storage().putPart(row.storageKey, row.storageUploadId, part, counted);
    await Promise.all([pipeline(body, counted), stored]);
    ({ etag } = await stored);
  } catch (e) {
    body.unpipe(counted);
    releaseBody(body); // the client still gets this answer (400), not a reset
    counted.destroy();
    if (counted.violation) throw counted.violation;
    if (clientGone) throw new AppError('bad_request', `Part ${number} broke off before its ${part.size} bytes arrived`);
    throw e; // the store failed: a 5xx, retry
  }
  try {
    await db.uploadPart.upsert({
      where: { uploadToken_number: { uploadToken: token, number } },
      create: { uploadToken: token, number, size: part.size, etag },
      update: { size: part.size, etag },
    });
  } catch (e) {
    // Abandoned while the part was arriving: the upload (and its parts) are gone.
    if ((e as { code?: string }).code === 'P2003') throw new AppError('not_found', 'Upload not found');
    throw e;
  }
  return { part_number: number, size: part.size };
}
