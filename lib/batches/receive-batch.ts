import { AppError } from '@/lib/errors';
import type { StoredInput } from '@/lib/conversions/stored-input';
import { cleanFileName } from '@/lib/conversions/file-names';
import { storage } from '@/lib/storage';
import {
  multipartContentType,
  multipartParser,
  parseBody,
  storeFilePart,
  tooManyFields,
} from '@/lib/uploads/direct/multipart-file';

// The batch upload's multipart reader: several `file` parts, each streamed to storage as it
// arrives (never buffered whole), and `target_format` and `options` fields. The single-file reader
// (lib/uploads/direct/receive-multipart.ts) refuses a second file; this one counts them against the plan.

/** `options`: JSON text, once for all files or once per file (like `target_format`). */
export type ReceivedBatch = { files: StoredInput[]; targets: string[]; options: string[] };

const malformed = () => new AppError('bad_request', 'Malformed or incomplete multipart body');
const batchTooLarge = (maxFiles: number) =>
  new AppError('batch_too_large', `Too many files: your plan takes at most ${maxFiles} per batch`);
const fileTooLarge = (fileName: string, maxBytes: number) =>
  new AppError(
    'payload_too_large',
    `"${cleanFileName(fileName)}" exceeds your plan's upload limit of ${+(maxBytes / 1_000_000).toFixed(2)} MB`,
  );

/** Deletes every stored file of a refused batch (nothing of it is kept). */
export async function deleteInputs(files: Array<{ key: string }>): Promise<void> {
  await Promise.all(
    files.map((f) =>
      storage()
        .delete(f.key)
        .catch(() => {}),
    ),
  );
}

/**
 * Reads the whole batch: more than `maxFiles` file parts answer 413 `batch_too_large` as soon as
 * the extra part starts, a file over `maxBytes` 413 naming it; either way, and on a malformed or
 * broken body, every file stored so far is deleted before the error is thrown.
 */
export async function receiveBatch(
  request: Request,
  { maxFiles, maxBytes }: { maxFiles: number; maxBytes: number | null },
): Promise<ReceivedBatch> {
  const contentType = multipartContentType(request);
  if (!request.body) throw new AppError('missing_file', 'No files uploaded: send them as "file" parts');
  const maxFields = 2 * maxFiles + 20;
  const parser = multipartParser(contentType, { files: maxFiles, fields: maxFields, maxBytes });

  const targets: string[] = [];
  const options: string[] = [];
  const stored: Array<Promise<StoredInput>> = [];
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      if (name === 'target_format') targets.push(value);
      else if (name === 'options') options.push(value);
    });
    parser.on('file', (name, part, info) => {
      if (name !== 'file') return void part.resume();
      const fileName = info.filename ?? '';
      const put = storeFilePart(part, fileName, () => reject(fileTooLarge(fileName, maxBytes ?? 0)));
      // A failed put (the disk is full) ends the parse: busboy would wait forever for the unread part.
      put.catch(reject);
      stored.push(put);
    });
    parser.on('filesLimit', () => reject(batchTooLarge(maxFiles)));
    parser.on('fieldsLimit', () => reject(tooManyFields(maxFields)));
    parser.on('close', resolve);
    parser.on('error', () => reject(malformed()));
  });

  let failure: unknown;
  try {
    await parseBody(request, parser, parsed);
  } catch (e) {
    failure = e;
  }
  const settled = await Promise.allSettled(stored);
  const files = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const rejected = settled.find((s) => s.status === 'rejected');
  if (failure || rejected) {
    await deleteInputs(files);
    throw failure ?? (rejected as PromiseRejectedResult).reason;
  }
  return { files, targets, options };
}
