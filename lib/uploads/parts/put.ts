import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import { isOutOfSpace, outOfSpaceError } from '@/lib/storage/out-of-space';
import { exactLength } from '@/lib/uploads/exact-length';
import { assertUploadOf } from '@/lib/uploads/get-upload-or-throw';
import { releaseBody, requestBodyStream } from '@/lib/uploads/request-body';
import { partRange } from '@/lib/domain/upload-rules';

/**
 * PUT /uploads/{token}/parts/{number}: streams the body into the upload's object at the part's
 * place. Every part but the last is exactly part_size bytes; anything else is a 400 and the part is
 * not recorded. A repeat replaces the part: its record goes first, so a repeat that fails leaves it
 * missing (never half old, half new), and complete names it.
 */
export async function putUploadPart(options: { caller: Caller; token: string; number: number; request: Request }) {
  const { caller, token, number, request } = options;
  const row = assertUploadOf(await db.upload.findUnique({ where: { token } }), caller, 'parts');
  assertStillOpen(row);
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
  await forgetPartUnlessFinishing(token, number);

  const counted = exactLength(part.size, `Part ${number}`);
  let clientGone = false;
  const onSourceError = () => {
    clientGone = true;
    counted.destroy(new Error('client gone'));
  };
  body.once('error', onSourceError);
  let etag: string;
  try {
    // pipe (not pipeline) from the request: a store that fails (a full disk) must not destroy the
    // socket under our answer, or the client, still sending, reads a reset instead of the 507.
    body.pipe(counted);
    ({ etag } = await storage().putPart(row.storageKey, row.storageUploadId, part, counted));
  } catch (e) {
    body.unpipe(counted);
    if (!clientGone) releaseBody(body); // the client still gets this answer (400, 507), not a reset
    counted.destroy();
    if (counted.violation) throw counted.violation;
    // Completed or abandoned meanwhile, the store refuses the part (its multipart object is gone):
    // say so, rather than blame the client's connection or the store.
    assertStillOpen(assertUploadOf(await db.upload.findUnique({ where: { token } }), caller, 'parts'));
    if (isOutOfSpace(e)) throw outOfSpaceError(e);
    if (clientGone) throw new AppError('bad_request', `Part ${number} broke off before its ${part.size} bytes arrived`);
    throw e; // the store failed: a 5xx, retry
  } finally {
    body.off('error', onSourceError);
  }
  await assertRecordable(caller, token, number);
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

const isFinishing = (row: { finishingUntil: Date | null }) =>
  row.finishingUntil !== null && row.finishingUntil > new Date();

/** 409 once a finish holds the upload or has made its conversion: a later part changes nothing. */
function assertStillOpen(row: { conversionId: bigint | null; finishingUntil: Date | null }) {
  if (row.conversionId !== null) throw new AppError('invalid_state', 'This upload is already completed');
  if (isFinishing(row))
    throw new AppError('invalid_state', 'This upload is being completed; parts can no longer change');
}

/**
 * Whether a part that has fully arrived may be recorded. While a finish holds the upload, a part it
 * found missing still may (that finish refuses, and the next complete uses it); a repeat of a part
 * the finish has may not: the conversion keeps the copy received before.
 */
async function assertRecordable(caller: Caller, token: string, number: number) {
  const row = assertUploadOf(
    await db.upload.findUnique({
      where: { token },
      include: { parts: { where: { number }, select: { number: true } } },
    }),
    caller,
    'parts',
  );
  if (row.conversionId !== null || (isFinishing(row) && row.parts.length > 0)) assertStillOpen(row);
}

/**
 * Removes the part's record while its bytes arrive, in one statement that locks the upload's row
 * (FOR SHARE) and touches nothing when a finish holds it. The finish's claim locks the same row,
 * so either this runs first (the finish then finds the part missing and refuses) or the claim does
 * (and this part is refused with 409): a finish never assembles while a missing part arrives.
 */
async function forgetPartUnlessFinishing(token: string, number: number) {
  const [state] = await db.$queryRaw<{ open: boolean }[]>`
    WITH upload AS (
      SELECT token, conversion_id IS NULL AND (finishing_until IS NULL OR finishing_until < now()) AS open
      FROM uploads WHERE token = ${token} FOR SHARE
    ), forgotten AS (
      DELETE FROM upload_parts p USING upload u WHERE p.upload_token = u.token AND p.number = ${number} AND u.open
    )
    SELECT open FROM upload`;
  if (!state) throw new AppError('not_found', 'Upload not found');
  if (!state.open) throw new AppError('invalid_state', 'This upload is being completed; parts can no longer change');
}
