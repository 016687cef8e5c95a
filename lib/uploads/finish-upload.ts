import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { UploadProtocol } from '@/lib/generated/prisma/enums';
import type { Caller } from '@/lib/identity/caller';
import { convertStoredUpload } from '@/lib/uploads/convert-stored';
import { assertUploadOf } from '@/lib/uploads/get-upload-or-throw';

// A finish claims the upload with a lease (uploads.finishing_until) in one statement, then
// assembles and converts with no transaction open and no row locked: a transaction that waited for
// the work (or for a second pool connection) let a burst of finishes hold every connection of the
// pool while they waited for its lock. A finisher that dies lets the lease lapse.

/** Longer than assembling and creating the conversion takes (S3's CompleteMultipartUpload included). */
const FINISH_LEASE_MS = 2 * 60_000;
/** How long a second finish waits, holding no connection, for the first one's conversion. */
const AWAIT_OTHER_FINISH_MS = 20_000;
const AWAIT_POLL_MS = 200;

const uploadWithParts = (token: string) =>
  db.upload.findUnique({
    where: { token },
    include: { parts: { select: { number: true, etag: true }, orderBy: { number: 'asc' } } },
  });
type ClaimedUpload = NonNullable<Awaited<ReturnType<typeof uploadWithParts>>>;

/** Takes the lease if no finish holds it and none has finished; true when this caller now holds it. */
async function claimFinish(token: string): Promise<boolean> {
  const claimed = await db.$executeRaw`
    UPDATE uploads SET finishing_until = now() + make_interval(secs => ${FINISH_LEASE_MS / 1000})
    WHERE token = ${token} AND conversion_id IS NULL AND (finishing_until IS NULL OR finishing_until < now())`;
  return claimed === 1;
}

const releaseFinish = (token: string) =>
  db.upload.updateMany({ where: { token, conversionId: null }, data: { finishingUntil: null } });

/**
 * The end of both resumable protocols: `assemble` makes the object whole (it may refuse, e.g.
 * missing parts; the upload then stays open), then the object becomes a conversion. A repeat returns
 * the same conversion; a repeat while the first is still at work waits for it (bounded), then asks
 * to be retried. A refused file (format, pair, allowance) deletes the upload with its bytes.
 */
export async function finishUpload(options: {
  caller: Caller;
  token: string;
  protocol: UploadProtocol;
  /** The conversion's options (parts API: the complete call's body). */
  convertOptions?: Record<string, unknown>;
  assemble: (upload: ClaimedUpload) => Promise<void>;
}) {
  const { caller, token, protocol } = options;
  const waitUntil = Date.now() + AWAIT_OTHER_FINISH_MS;
  for (;;) {
    const upload = assertUploadOf(await db.upload.findUnique({ where: { token } }), caller, protocol);
    if (upload.conversionId !== null) return conversionOf(upload.conversionId);
    if (await claimFinish(token)) return finishClaimed(token, options);
    if (Date.now() > waitUntil) {
      throw new AppError('conflict', 'This upload is being completed by another request; retry shortly', {
        headers: { 'Retry-After': '2' },
      });
    }
    await sleep(AWAIT_POLL_MS);
  }
}

async function finishClaimed(
  token: string,
  options: Pick<Parameters<typeof finishUpload>[0], 'caller' | 'assemble' | 'convertOptions'>,
) {
  // The parts as they are now: the claim's statement ran after any part PUT that began before it
  // (a part PUT refuses a claimed upload), so the list cannot gain or lose a part meanwhile.
  const upload = await uploadWithParts(token);
  if (!upload) throw new AppError('not_found', 'Upload not found'); // abandoned since the claim
  try {
    await options.assemble(upload);
  } catch (refused) {
    await releaseFinish(token);
    throw refused;
  }
  try {
    // The conversion and the upload's link to it are written in one transaction, so a finish that
    // dies in between leaves either both or neither.
    return await convertStoredUpload({
      caller: options.caller,
      key: upload.storageKey,
      fileName: upload.fileName,
      size: Number(upload.fileSize),
      targetFormat: upload.targetFormat,
      convertOptions: options.convertOptions,
      recordIn: (tx, conversionId) =>
        tx.upload.update({ where: { token }, data: { conversionId, finishingUntil: null } }),
    });
  } catch (refused) {
    // The bytes are gone with the refusal, so the upload goes too (its token then answers 404).
    await db.upload.deleteMany({ where: { token } });
    throw refused;
  }
}

/** An earlier finish's conversion, as it is now. */
async function conversionOf(id: bigint) {
  const conversion = await db.conversion.findUnique({ where: { id } });
  if (!conversion) throw new AppError('not_found', 'The conversion of this upload has been deleted');
  return conversion;
}
