import { ReadableStream } from 'node:stream/web';
import { AppError } from '@/lib/errors';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import { resultFile } from '@/lib/conversions/file-names';
import { getBatchOrThrow } from '@/lib/batches/get-batch-or-throw';
import { uniqueEntryNames } from '@/lib/zip/zip-entry-names';
import { type ZipEntry, zipChunks } from '@/lib/zip/zip-writer';

/**
 * Formats worth deflating; everything else we produce (images, PDF, office ZIP containers, audio
 * and video) is already compressed, so it is stored: deflating it costs CPU and gains nothing.
 */
const DEFLATED_FORMATS = new Set(['txt', 'html', 'csv', 'rtf', 'tiff', 'wav', 'doc', 'xls', 'ppt']);

/**
 * The caller's batch as a ZIP of every completed result, built while it is sent (409 while none
 * has completed). Names are the results' download names, made unique (`report (1).pdf`).
 * Each result is opened only when the previous one is in the archive (one open file or S3
 * request at a time), and the stream pulls no faster than the client takes the ZIP, so memory
 * stays flat whatever the batch's size; a client that goes away cancels the stream, which closes
 * the open result.
 */
export async function openBatchZip(
  caller: Caller,
  batchId: string,
): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  const batch = await getBatchOrThrow(caller, batchId);
  const done = batch.conversions.filter((c) => c.status === 'completed');
  if (done.length === 0) throw new AppError('invalid_state', 'No file of this batch has completed yet');
  const names = uniqueEntryNames(done.map((c) => resultFile(c).fileName));
  const entries: ZipEntry[] = await Promise.all(
    done.map(async (c, i) => ({
      name: names[i],
      date: c.completedAt ?? c.createdAt,
      size: Number(c.resultSize ?? (await storage().size(c.resultKey)) ?? 0),
      crc32: c.resultCrc32 === null ? null : Number(c.resultCrc32),
      deflate: DEFLATED_FORMATS.has(c.targetFormat) && !resultFile(c).archive,
      open: () => storage().get(c.resultKey),
    })),
  );
  return { stream: ReadableStream.from(zipChunks(entries)), fileName: `batch-${batch.id.slice(0, 8)}.zip` };
}
