import { ZipArchive } from 'archiver';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { AppError } from '@/lib/api/errors';
import type { Caller } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import { resultFileName } from '@/lib/conversions/file-names';
import { getBatchOrThrow } from '@/lib/batches/get-batch-or-throw';
import { uniqueEntryNames } from '@/lib/batches/zip-entry-names';

/**
 * Formats worth deflating; everything else we produce (images, PDF, office ZIP containers, audio
 * and video) is already compressed, so it is stored: deflating it costs CPU and gains nothing.
 */
const DEFLATED_FORMATS = new Set(['txt', 'html', 'csv', 'rtf', 'tiff', 'wav', 'doc', 'xls', 'ppt']);

type Entry = { key: string; name: string; store: boolean; date: Date };

/**
 * Writes the entries one after another: each result is opened only when the previous one is in
 * the archive (one open file or S3 request at a time), and the archive reads no faster than the
 * client takes the ZIP (stream backpressure), so memory stays flat whatever the batch's size.
 */
async function writeEntries(archive: ZipArchive, entries: Entry[]): Promise<void> {
  for (const entry of entries) {
    const source = await storage().get(entry.key);
    const added = once(archive, 'entry');
    archive.append(source, { name: entry.name, store: entry.store, date: entry.date });
    await added;
  }
  await archive.finalize();
}

/**
 * The caller's batch as a ZIP of every completed result, built while it is sent (409 while none
 * has completed). Names are the results' download names, made unique (`report (1).pdf`).
 */
export async function openBatchZip(caller: Caller, batchId: string): Promise<{ stream: Readable; fileName: string }> {
  const batch = await getBatchOrThrow(caller, batchId);
  const done = batch.conversions.filter((c) => c.status === 'completed');
  if (done.length === 0) throw new AppError('invalid_state', 'No file of this batch has completed yet');
  const names = uniqueEntryNames(done.map((c) => resultFileName(c.originalFileName, c.targetFormat)));
  const entries = done.map((c, i) => ({
    key: c.resultKey,
    name: names[i],
    store: !DEFLATED_FORMATS.has(c.targetFormat),
    date: c.completedAt ?? c.createdAt,
  }));

  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  archive.on('error', (e) => out.destroy(e));
  archive.on('warning', (e) => out.destroy(e));
  out.on('close', () => archive.abort()); // the client went away: stop reading results
  archive.pipe(out);
  void writeEntries(archive, entries).catch((e: unknown) => out.destroy(e as Error));
  return { stream: out, fileName: `batch-${batch.id.slice(0, 8)}.zip` };
}
