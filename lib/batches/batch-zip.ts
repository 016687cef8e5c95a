import { ZipArchive } from 'archiver';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
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
async function writeEntries(archive: ZipArchive, entries: Entry[], closed: Promise<unknown>): Promise<void> {
  for (const entry of entries) {
    const source = await storage().get(entry.key);
    const added = once(archive, 'entry');
    archive.append(source, { name: entry.name, store: entry.store, date: entry.date });
    // The client went away (the response stream was cancelled, which destroys the archive): stop.
    if ((await Promise.race([added, closed.then(() => 'closed')])) === 'closed') return void source.destroy();
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
  archive.on('error', () => {}); // the response stream reports it (the download breaks off); never uncaught
  const closed = once(archive, 'close').catch(() => {});
  void writeEntries(archive, entries, closed).catch((e: unknown) => archive.destroy(e as Error));
  return { stream: archive, fileName: `batch-${batch.id.slice(0, 8)}.zip` };
}
