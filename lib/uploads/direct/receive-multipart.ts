import { AppError } from '@/lib/errors';
import type { StoredInput as StoredFile } from '@/lib/conversions/stored-input';
import { storage } from '@/lib/storage';
import {
  ENVELOPE_BYTES,
  multipartContentType,
  multipartParser,
  parseBody,
  storeFilePart,
  tooManyFields,
} from './multipart-file';

export type ReceivedUpload = { fields: Record<string, string>; file: StoredFile | null };

/** Text fields read besides the file (target_format, options and a few a form may add). */
const MAX_FIELDS = 20;

const tooLarge = (maxBytes: number) =>
  new AppError(
    'payload_too_large',
    `File exceeds your plan's upload limit of ${+(maxBytes / 1_000_000).toFixed(2)} MB`,
  );
const malformed = () => new AppError('bad_request', 'Malformed or incomplete multipart body');
const severalFiles = () =>
  new AppError('bad_request', 'Send one file per upload (several files go through the batch endpoint)');

/**
 * Streams a multipart body: the `file` part goes straight to storage (never buffered whole);
 * other parts become text fields. A file over `maxBytes` is cut off at the limit with 413 and
 * nothing is kept; a second file, a missing boundary or a body that breaks off answer 400, and
 * whatever was stored is deleted before the error is thrown.
 */
export async function receiveMultipart(request: Request, maxBytes: number | null): Promise<ReceivedUpload> {
  const contentType = multipartContentType(request);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (maxBytes !== null && declared > maxBytes + ENVELOPE_BYTES) throw tooLarge(maxBytes);
  if (!request.body) throw new AppError('missing_file', 'No file uploaded: send it in the "file" part');
  const parser = multipartParser(contentType, { files: 1, fields: MAX_FIELDS, maxBytes });

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
      // A put that fails (the disk is full, the client is gone) ends the parse: busboy would wait
      // forever for the unread part, and the body with it.
      stored.catch(reject);
    });
    parser.on('filesLimit', () => reject(severalFiles()));
    parser.on('fieldsLimit', () => reject(tooManyFields(MAX_FIELDS)));
    parser.on('close', resolve);
    parser.on('error', () => reject(malformed()));
  });

  try {
    await parseBody(request, parser, parsed);
    const file = await (stored as Promise<StoredFile> | null);
    return { fields, file };
  } catch (e) {
    const file = await (stored as Promise<StoredFile> | null)?.catch(() => null);
    if (file)
      await storage()
        .delete(file.key)
        .catch(() => {});
    throw overLimit ? tooLarge(maxBytes ?? 0) : e;
  }
}
