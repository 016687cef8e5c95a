import { AppError } from '@/lib/api/errors';
import { db } from '@/lib/db';
import type { UploadProtocol } from '@/lib/generated/prisma/enums';
import type { Caller } from '@/lib/identity/caller';
import { convertStoredUpload } from '@/lib/uploads/convert-stored';
import { assertUploadOf } from '@/lib/uploads/get-upload-or-throw';

// Finishing holds the upload's row lock from the first read to the recorded conversion id, so a
// second finish (at the same time or later) waits, then finds the id and returns that conversion.
const FINISH_TIMEOUT_MS = 10 * 60_000;

type Locked = Awaited<ReturnType<typeof lockedUpload>>;
type Created = Awaited<ReturnType<typeof convertStoredUpload>>;
/** The conversion this finish created (answered as it was made: pending), or the one an earlier finish did. */
type Outcome = { created: Created } | { conversionId: bigint } | { refused: unknown };

async function lockedUpload(tx: Parameters<Parameters<typeof db.$transaction>[0]>[0], token: string) {
  await tx.$queryRaw`SELECT token FROM uploads WHERE token = ${token} FOR UPDATE`;
  return tx.upload.findUnique({
    where: { token },
    include: { parts: { select: { number: true, etag: true }, orderBy: { number: 'asc' } } },
  });
}

/**
 * The end of both resumable protocols: `assemble` makes the object whole (it may refuse, e.g.
 * missing parts; the upload then stays open), then the object becomes a conversion. A repeat returns
 * the same conversion. A refused file (format, pair, allowance) deletes the upload with its bytes.
 */
export async function finishUpload(options: {
  caller: Caller;
  token: string;
  protocol: UploadProtocol;
  /** The conversion's options (parts API: the complete call's body). */
  convertOptions?: Record<string, unknown>;
  assemble: (upload: NonNullable<Locked>) => Promise<void>;
}) {
  const { caller, token, protocol } = options;
  const outcome = await db.$transaction(
    async (tx): Promise<Outcome> => {
      const upload = assertUploadOf(await lockedUpload(tx, token), caller, protocol);
      if (upload.conversionId !== null) return { conversionId: upload.conversionId };
      await options.assemble(upload);
      try {
        const conversion = await convertStoredUpload({
          caller,
          key: upload.storageKey,
          fileName: upload.fileName,
          size: Number(upload.fileSize),
          targetFormat: upload.targetFormat,
          convertOptions: options.convertOptions,
        });
        await tx.upload.update({ where: { token }, data: { conversionId: conversion.id } });
        return { created: conversion };
      } catch (refused) {
        // The bytes are gone with the refusal, so the upload goes too (its token then answers 404).
        await tx.upload.delete({ where: { token } });
        return { refused };
      }
    },
    { timeout: FINISH_TIMEOUT_MS, maxWait: 10_000 },
  );
  if ('refused' in outcome) throw outcome.refused;
  // The finish that created it answers with the new row (pending, like a direct upload), even if
  // a worker has already picked the job up; a repeat answers with the conversion as it is now.
  if ('created' in outcome) return outcome.created;
  const conversion = await db.conversion.findUnique({ where: { id: outcome.conversionId } });
  if (!conversion) throw new AppError('not_found', 'The conversion of this upload has been deleted');
  return conversion;
}
