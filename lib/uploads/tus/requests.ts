import { AppError } from '@/lib/errors';
import { cleanFileName } from '@/lib/conversions/file-names';
import { checkOptionsForTarget, parseOptionsText } from '@/lib/conversions/convert-options';
import { randomToken } from '@/lib/crypto';
import { db } from '@/lib/db';
import { type Caller, ownerOf } from '@/lib/identity/caller';
import { Metadata, TUS_RESUMABLE } from '@tus/server';
import { assertUploadOf } from '@/lib/uploads/get-upload-or-throw';
import { assertWithinPlan, parseProducibleTarget } from '@/lib/uploads/parts/init';
import { handleTus, tusIdOf } from '@/lib/uploads/tus/server';
import { discardTusUpload } from '@/lib/uploads/tus/store';
import { CONVERSION_ID_HEADER, UPLOAD_TTL_MS } from '@/lib/domain/upload-rules';

/** The declared length, the plan's limit and the metadata, checked before @tus/server sees the request. */
function parseCreation(request: Request, caller: Caller) {
  if (request.headers.has('upload-defer-length')) {
    throw new AppError('bad_request', 'A deferred length is not accepted: send Upload-Length');
  }
  const length = request.headers.get('upload-length') ?? '';
  if (!/^[0-9]{1,16}$/.test(length) || Number(length) === 0) {
    throw new AppError('bad_request', 'Upload-Length must be the file size in bytes (at least 1)');
  }
  const fileSize = Number(length);
  assertWithinPlan(caller, fileSize);
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(request.headers.get('upload-metadata') ?? undefined);
  } catch {
    throw new AppError('bad_request', 'Upload-Metadata is malformed');
  }
  if (!metadata.filename) throw new AppError('validation_failed', 'Upload-Metadata needs "filename"');
  if (!metadata.target_format) throw new AppError('validation_failed', 'Upload-Metadata needs "target_format"');
  const targetFormat = parseProducibleTarget(metadata.target_format);
  // `options` (JSON) is kept in the tus record and applied at the last byte; checked here first.
  checkOptionsForTarget(targetFormat, parseOptionsText(metadata.options ?? undefined));
  return { fileSize, fileName: cleanFileName(metadata.filename), targetFormat };
}

/** POST /api/v1/tus: a new upload, recorded with its owner before @tus/server creates it. */
export async function createTusUpload(caller: Caller, request: Request): Promise<Response> {
  const { fileSize, fileName, targetFormat } = parseCreation(request, caller);
  const token = randomToken(24);
  const id = tusIdOf(token);
  const createdAt = new Date();
  await db.upload.create({
    data: {
      token,
      protocol: 'tus',
      ...ownerOf(caller),
      fileName,
      fileSize: BigInt(fileSize),
      targetFormat,
      partSize: 0,
      partCount: 0,
      storageKey: id,
      storageUploadId: '',
      createdAt,
      expiresAt: new Date(createdAt.getTime() + UPLOAD_TTL_MS),
    },
  });
  const response = await handleTus(request, { caller, newId: id });
  if (response.status >= 300) {
    // Not created (or refused at its last byte): nothing of it may stay.
    await db.upload.deleteMany({ where: { token, conversionId: null } });
    await discardTusUpload(id);
  }
  return response;
}

/**
 * HEAD, PATCH and DELETE on /api/v1/tus/{token}: only the owner's requests reach @tus/server, whose
 * answer this is while the upload is unfinished. Once it has become a conversion the answer names it
 * (X-Conversion-Id), so a client that lost the last PATCH's answer still finds it.
 */
export async function answerTusUpload(
  caller: Caller,
  request: Request,
  token: string,
): Promise<Response | FinishedUploadAnswer> {
  const upload = assertUploadOf(await db.upload.findUnique({ where: { token } }), caller, 'tus');
  if (upload.conversionId !== null) return finishedUploadAnswer(request, upload.fileSize, upload.conversionId);
  const response = await handleTus(request, { caller });
  if (request.method === 'DELETE' && response.status === 204) {
    await db.upload.deleteMany({ where: { token } });
  }
  return response;
}

/** The status and headers of the answer to a request on a finished upload (it has no body). */
export type FinishedUploadAnswer = { status: 200 | 204; headers: Record<string, string> };

/**
 * A finished upload is answered from its row, not by @tus/server: its bytes became the conversion's
 * input, which is deleted once the conversion completes (lib/conversions/run-conversion.ts). HEAD
 * says it is whole; a PATCH at its end is taken as the last one sent again (by a client that lost
 * its answer), anywhere else it conflicts; DELETE is refused: the conversion is what to delete.
 */
function finishedUploadAnswer(request: Request, fileSize: bigint, conversionId: bigint): FinishedUploadAnswer {
  const length = String(fileSize);
  const headers = {
    'Tus-Resumable': TUS_RESUMABLE,
    'Upload-Offset': length,
    [CONVERSION_ID_HEADER]: String(conversionId),
  };
  if (request.method === 'HEAD') {
    return { status: 200, headers: { ...headers, 'Upload-Length': length, 'Cache-Control': 'no-store' } };
  }
  if (request.method === 'PATCH' && request.headers.get('upload-offset') === length) return { status: 204, headers };
  if (request.method === 'PATCH') throw new AppError('conflict', `The upload is finished: its offset is ${length}`);
  throw new AppError('bad_request', 'The upload is finished and is a conversion now: delete the conversion instead');
}
