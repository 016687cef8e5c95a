import busboy from 'busboy';
import { finished, Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError } from '@/lib/api/errors';
import { newStorageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage';
import { HEAD_BYTES } from '@/lib/formats/detect-format';
import { nodeBodyOf } from '@/lib/uploads/node-request';

type StoredFile = { key: string; fileName: string; size: number; head: Buffer };

export type ReceivedUpload = { fields: Record<string, string>; file: StoredFile | null };

/** The multipart envelope around a file: a declared length this far over the limit is refused unread. */
const ENVELOPE_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  new AppError(
    'payload_too_large',
    `File exceeds your plan's upload limit of ${+(maxBytes / 1_000_000).toFixed(2)} MB`,
  );
const malformed = () => new AppError('bad_request', 'Malformed or incomplete multipart body');
const severalFiles = () =>
  new AppError('bad_request', 'Send one file per upload (several files go through the batch endpoint)');

function multipartParser(contentType: string, maxBytes: number | null): busboy.Busboy {
  try {
    return busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: maxBytes ?? Number.MAX_SAFE_INTEGER },
      defParamCharset: 'utf8',
    });
  } catch {
    throw new AppError('bad_request', 'Malformed multipart Content-Type: it needs a boundary');
  }
}

/** Streams one file part to storage, keeping its first HEAD_BYTES for format detection. */
function storeFilePart(part: Readable, fileName: string, onLimit: () => void): Promise<StoredFile> {
  const key = newStorageKey('inputs');
  const head: Buffer[] = [];
  let headLength = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (headLength < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
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
    .then(({ size }) => ({ key, fileName, size, head: Buffer.concat(head) }))
    .catch(async (e) => {
      await storage()
        .delete(key)
        .catch(() => {});
      throw e;
    });
}

/**
 * Streams a multipart body: the `file` part goes straight to storage (never buffered whole);
 * other parts become text fields. A file over `maxBytes` is cut off at the limit with 413 and
 * nothing is kept; a second file, a missing boundary or a body that breaks off answer 400, and
 * whatever was stored is deleted before the error is thrown.
 */
export async function receiveMultipart(request: Request, maxBytes: number | null): Promise<ReceivedUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('unsupported_media_type', 'Expected Content-Type: multipart/form-data');
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (maxBytes !== null && declared > maxBytes + ENVELOPE_BYTES) throw tooLarge(maxBytes);
  if (!request.body) throw new AppError('missing_file', 'No file uploaded: send it in the "file" part');
  const parser = multipartParser(contentType, maxBytes);

  const fields: Record<string, string> = {};
  let stored: Promise<StoredFile> | null = null;
  let overLimit = false;
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, part, info) => {
      if (name !== 'file' || stored) return void part.resume();
      stored = storeFilePart(part, info.filename ?? '', () => {
        overLimit = true;
        // With a declared length at most ENVELOPE_BYTES remain: read (and drop) them, so the
        // client gets its 413 instead of a reset connection. Unknown length: stop now.
        if (!Number.isFinite(declared)) reject(tooLarge(maxBytes ?? 0));
      });
      stored.catch(() => {}); // awaited below; a rejection must not go unhandled meanwhile
    });
    parser.on('filesLimit', () => reject(severalFiles()));
    parser.on('close', resolve);
    parser.on('error', () => reject(malformed()));
  });

  // Straight from the socket stream when the web server gives us the Node request (no per-chunk
  // copy and web-stream bridge); otherwise (route handlers called in process) the web stream.
  const body: Readable = nodeBodyOf(request) ?? Readable.fromWeb(request.body as WebReadableStream);
  body.on('error', (e) => parser.destroy(e));
  body.pipe(parser);
  try {
    await parsed;
    const file = await (stored as Promise<StoredFile> | null);
    return { fields, file };
  } catch (e) {
    body.unpipe(parser);
    body.destroy();
    parser.destroy(); // ends a file part still open, so its put settles
    const file = await (stored as Promise<StoredFile> | null)?.catch(() => null);
    if (file)
      await storage()
        .delete(file.key)
        .catch(() => {});
    throw overLimit ? tooLarge(maxBytes ?? 0) : e;
  }
}
