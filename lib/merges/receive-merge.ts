import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@/lib/errors';
import { HEAD_BYTES } from '@/lib/formats/detect-format';
import { storage } from '@/lib/storage';
import { captureHead } from '@/lib/storage/capture-head';
import { newStorageKey } from '@/lib/storage/keys';
import {
  ENVELOPE_BYTES,
  multipartContentType,
  multipartParser,
  parseBody,
  tooManyFields,
} from '@/lib/uploads/direct/multipart-file';

// The merge's multipart reader: its `files` parts, in order, streamed end to end into ONE stored
// object (never buffered whole, never stored twice), each part's length and first bytes kept for
// its detection. One object per merge keeps retention, delete, retry and the S3 driver as they
// are for any conversion: one input key.

/** One received file: its name as sent, its length and its first HEAD_BYTES. */
type ReceivedPart = { fileName: string; size: number; head: Buffer };
export type ReceivedMerge = {
  fields: Record<string, string>;
  parts: ReceivedPart[];
  /** The files end to end; null when no file came. */
  stored: { key: string; size: number } | null;
};

/** Text fields read besides the files (target_format, options and a few a form may add). */
const MAX_FIELDS = 20;

/** The form field that carries the files, repeated once per file in their order. */
export const MERGE_FILES_FIELD = 'files';

const malformed = () => new AppError('bad_request', 'Malformed or incomplete multipart body');
const tooManyMergeFiles = (maxFiles: number) =>
  new AppError('batch_too_large', `Too many files: your plan merges at most ${maxFiles} files into one PDF`);
const tooLarge = (maxBytes: number) =>
  new AppError(
    'payload_too_large',
    `The files together exceed your plan's upload limit of ${+(maxBytes / 1_000_000).toFixed(2)} MB`,
  );

/** Counts every byte of the merge against `maxBytes` (null: no limit); past it the stream fails with 413. */
function totalLimit(maxBytes: number | null) {
  let total = 0;
  return (part: ReceivedPart) =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        part.size += chunk.length;
        if (maxBytes !== null && total > maxBytes) done(tooLarge(maxBytes));
        else done(null, chunk);
      },
    });
}

/**
 * Reads the whole merge: more than `maxFiles` files answer 413 `batch_too_large` as soon as the
 * extra one starts, files over `maxBytes` together 413 `payload_too_large`; either way, and on a
 * malformed or broken body, the stored object is deleted before the error is thrown.
 */
export async function receiveMerge(
  request: Request,
  { maxFiles, maxBytes }: { maxFiles: number; maxBytes: number | null },
): Promise<ReceivedMerge> {
  const contentType = multipartContentType(request);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (maxBytes !== null && declared > maxBytes + ENVELOPE_BYTES) throw tooLarge(maxBytes);
  if (!request.body) throw new AppError('missing_file', 'No files uploaded: send them as "files" parts');
  // No size limit per part: the total is counted across the parts (totalLimit).
  const parser = multipartParser(contentType, { files: maxFiles, fields: MAX_FIELDS, maxBytes: null });
  const counted = totalLimit(maxBytes);

  const fields: Record<string, string> = {};
  const parts: ReceivedPart[] = [];
  const key = newStorageKey('inputs');
  // The one stored object, opened with the first file.
  const output: { joined?: PassThrough; put?: Promise<{ size: number }> } = {};
  // Parts are appended one after the other: busboy may announce the next part while the last
  // one's bytes still wait in its stream.
  let appended: Promise<void> = Promise.resolve();
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream, info) => {
      if (name !== MERGE_FILES_FIELD) return void stream.resume();
      if (!output.joined) {
        output.joined = new PassThrough();
        output.put = storage().put(key, output.joined);
        // A put that fails (the disk is full) ends the parse: busboy would wait for the unread part.
        output.put.catch(reject);
      }
      const part: ReceivedPart = { fileName: info.filename ?? '', size: 0, head: Buffer.alloc(0) };
      parts.push(part);
      const into = output.joined;
      appended = appended.then(() => appendPart(stream, into, part, counted(part)));
      appended.catch(reject);
    });
    parser.on('filesLimit', () => reject(tooManyMergeFiles(maxFiles)));
    parser.on('fieldsLimit', () => reject(tooManyFields(MAX_FIELDS)));
    parser.on('close', resolve);
    parser.on('error', () => reject(malformed()));
  });

  try {
    await parseBody(request, parser, parsed);
    await appended;
    if (!output.joined || !output.put) return { fields, parts, stored: null };
    output.joined.end();
    const { size } = await output.put;
    const sum = parts.reduce((n, p) => n + p.size, 0);
    if (size !== sum) throw new Error(`Stored ${size} bytes of a merge of ${sum}`);
    return { fields, parts, stored: { key, size } };
  } catch (e) {
    output.joined?.destroy();
    await appended.catch(() => {});
    await output.put?.catch(() => {});
    if (output.put)
      await storage()
        .delete(key)
        .catch(() => {});
    throw e;
  }
}

/** Streams one part onto the end of `into` (left open for the next), keeping its first bytes. */
async function appendPart(stream: Readable, into: PassThrough, part: ReceivedPart, count: Transform): Promise<void> {
  const { tap, head } = captureHead(HEAD_BYTES);
  await pipeline(stream, tap, count, into, { end: false });
  part.head = head();
}
