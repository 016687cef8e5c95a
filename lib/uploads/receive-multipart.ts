import busboy from 'busboy';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError } from '@/lib/api/errors';
import { newStorageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage';
import { HEAD_BYTES } from '@/lib/formats/detect-format';


export type ReceivedUpload = {
  fields: Record<string, string>;
  file: { key: string; fileName: string; size: number; head: Buffer } | null;
};

const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `File exceeds your plan's upload limit of ${+(maxBytes / 1_000_000).toFixed(2)} MB`);

/**
 * Streams a multipart body: the first `file` part goes straight to storage (never buffered
 * whole), keeping its first 64 KiB for format detection; other parts become text fields.
 * A file over `maxBytes` is cut off at the limit with 413 and nothing is kept.
 */
export async function receiveMultipart(request: Request, maxBytes: number | null): Promise<ReceivedUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('unsupported_media_type', 'Expected Content-Type: multipart/form-data');
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  // The multipart envelope adds a little; a body far over the limit is refused before reading.
  if (maxBytes !== null && declared > maxBytes + 64 * 1024) throw tooLarge(maxBytes);
  if (!request.body) throw new AppError('missing_file', 'No file uploaded: send it in the "file" part');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: maxBytes ?? Number.MAX_SAFE_INTEGER },
      defParamCharset: 'utf8',
    });
  } catch {
    throw new AppError('bad_request', 'Malformed multipart body');
  }

  const fields: Record<string, string> = {};
  let stored = null as Promise<ReceivedUpload['file']> | null;
  let overLimit = false;

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || stored) return void stream.resume();
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
      stream.on('limit', () => {
        overLimit = true;
        tap.destroy(tooLarge(maxBytes ?? 0));
        stream.resume();
        // A declared length passed the check above, so at most 64 KiB remain: read (and drop)
        // them, so the client gets its 413 instead of a reset connection. Unknown length: stop now.
        if (!Number.isFinite(declared)) reject(tooLarge(maxBytes ?? 0));
      });
      // Storage attaches its own listener a tick later; until then an error must not be uncaught.
      tap.on('error', () => {});
      stream.pipe(tap);
      stored = storage()
        .put(key, tap)
        .then(({ size }) => ({ key, fileName: info.filename ?? '', size, head: Buffer.concat(head) as Buffer }))
        .catch(async (e) => {
          await storage().delete(key).catch(() => {});
          throw overLimit ? tooLarge(maxBytes ?? 0) : e;
        });
      stored.catch(() => {}); // awaited below (a rejection here must not go unhandled meanwhile)
    });
    parser.on('close', resolve);
    parser.on('error', () => reject(new AppError('bad_request', 'Malformed multipart body')));
  });

  const body = Readable.fromWeb(request.body as WebReadableStream);
  body.on('error', (e) => parser.destroy(e));
  body.pipe(parser);
  try {
    await parsed;
  } catch (e) {
    body.unpipe(parser);
    body.destroy();
    if (stored) await (stored as Promise<unknown>).catch(() => {});
    throw overLimit ? tooLarge(maxBytes ?? 0) : e;
  }
  const file = stored ? await stored : null;
  if (overLimit && file) {
    await storage().delete(file.key);
    throw tooLarge(maxBytes ?? 0);
  }
  return { fields, file };
}
