import busboy from 'busboy';
import { finished, type Readable } from 'node:stream';
import { AppError } from '@/lib/errors';
import type { StoredInput } from '@/lib/conversions/stored-input';
import { HEAD_BYTES } from '@/lib/formats/detect-format';
import { newStorageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage';
import { captureHead } from '@/lib/storage/capture-head';
import { releaseBody, requestBodyStream } from '@/lib/uploads/request-body';

// What the single-file (./receive-multipart.ts), batch (lib/batches/receive-batch.ts) and merge
// (lib/merges/receive-merge.ts) multipart readers share: the content-type check, the parser with
// its limits, feeding it the body, and each file part streamed to storage with the size cut-off.

/** Refuses anything but multipart/form-data; returns the Content-Type for the parser. */
export function multipartContentType(request: Request): string {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('unsupported_media_type', 'Expected Content-Type: multipart/form-data');
  }
  return contentType;
}

/** The multipart envelope around the files: a declared length this far over the limit is refused unread. */
export const ENVELOPE_BYTES = 64 * 1024;

/** Answer for a body with more text fields than its reader takes (busboy would drop the rest unseen). */
export const tooManyFields = (limit: number) =>
  new AppError('bad_request', `Too many form fields: at most ${limit} are accepted besides the files`);

/** busboy with these limits; a file part over `maxBytes` (null: no limit) emits 'limit'. */
export function multipartParser(
  contentType: string,
  { files, fields, maxBytes }: { files: number; fields: number; maxBytes: number | null },
): busboy.Busboy {
  try {
    return busboy({
      headers: { 'content-type': contentType },
      limits: { files, fields, fieldSize: 64 * 1024, fileSize: maxBytes ?? Number.MAX_SAFE_INTEGER },
      defParamCharset: 'utf8',
    });
  } catch {
    throw new AppError('bad_request', 'Malformed multipart Content-Type: it needs a boundary');
  }
}

/**
 * Feeds the request's body to `parser` and waits for `parsed`, the reader's promise of the parse.
 * When that fails, the body is no longer read but not reset (the client still gets the 413/400)
 * and the parser ends, so a part still open settles; then the failure is thrown for the reader to
 * remove what it stored.
 */
export async function parseBody(request: Request, parser: busboy.Busboy, parsed: Promise<void>): Promise<void> {
  const body = requestBodyStream(request);
  body.on('error', (e) => parser.destroy(e));
  body.pipe(parser);
  try {
    await parsed;
  } catch (e) {
    body.unpipe(parser);
    releaseBody(body);
    parser.destroy();
    throw e;
  }
}

/**
 * Streams one file part to a new storage key, keeping its first HEAD_BYTES for format detection.
 * At the parser's size limit the put fails, `onLimit` is called and the rest of the part is
 * drained; a failed put deletes whatever it wrote.
 */
export function storeFilePart(part: Readable, fileName: string, onLimit: () => void): Promise<StoredInput> {
  const key = newStorageKey('inputs');
  const { tap, head } = captureHead(HEAD_BYTES);
  part.on('limit', () => {
    tap.destroy(new Error('over the size limit'));
    part.resume();
    onLimit();
  });
  // The part fails or is cut short when the body does (client gone, no closing boundary): the
  // storage stream must fail with it, or the put never settles and keeps its file open.
  finished(part, (e) => e && tap.destroy(e));
  // Storage attaches its own listener a tick later; until then an error must not be uncaught.
  tap.on('error', () => {});
  part.pipe(tap);
  return storage()
    .put(key, tap)
    .then(({ size }) => ({ key, fileName, size, head: head() }))
    .catch(async (e) => {
      await storage()
        .delete(key)
        .catch(() => {});
      throw e;
    });
}
