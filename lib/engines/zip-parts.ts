import { constants, createWriteStream } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uniqueEntryNames } from '@/lib/zip/zip-entry-names';
import { type ZipEntry, zipChunks } from '@/lib/zip/zip-writer';
import { EngineError } from './sandbox/sandbox';
import type { EngineJob } from './types';

// A result of several files (a document's pages as images, a workbook's sheets) is one ZIP at the
// job's outputPath; the engine then returns `{ parts }` and lib/conversions/file-names.ts names the
// download `<name>.zip`. Entries keep the order given (7-Zip would sort them by name). The files
// are read here, outside any sandbox, after the engine has finished: each must be a regular file
// inside the job folder, so a link an engine left there cannot bring in a file of the server.

/**
 * One file of the result: its entry name (made safe and unique here), the folder of the ZIP it goes
 * in (one plain name like `media`, chosen by the engine; none: at the top) and its path in the job folder.
 */
export type ResultPart = { name: string; folder?: string; file: string };

const FOLDER = /^[A-Za-z0-9_-]{1,64}$/;

/** Entry names: unique within each folder, each under its folder. */
function entryNames(parts: readonly ResultPart[]): string[] {
  const names: string[] = [];
  for (const folder of new Set(parts.map((p) => p.folder ?? ''))) {
    if (folder && !FOLDER.test(folder)) throw new Error(`not a ZIP folder name: ${folder}`);
    const indexes = parts.flatMap((p, i) => ((p.folder ?? '') === folder ? [i] : []));
    const unique = uniqueEntryNames(indexes.map((i) => parts[i].name));
    indexes.forEach((i, k) => (names[i] = folder ? `${folder}/${unique[k]}` : unique[k]));
  }
  return names;
}

/** Writes the parts, in order, as one ZIP at outputPath: deflated, or stored (already compressed files). */
export async function zipParts(
  job: Pick<EngineJob, 'workDir' | 'outputPath'>,
  parts: readonly ResultPart[],
  { deflate }: { deflate: boolean },
): Promise<{ parts: number }> {
  const names = entryNames(parts);
  const root = await realpath(job.workDir);
  const date = new Date();
  const entries: ZipEntry[] = await Promise.all(
    parts.map(async (p, i) => {
      const file = await realpath(p.file);
      const found = await lstat(file);
      if (!file.startsWith(root + path.sep) || !found.isFile())
        throw new EngineError('the engine left something other than a file in its result');
      return { name: names[i], date, size: found.size, crc32: null, deflate, open: () => openFile(file) };
    }),
  );
  await pipeline(Readable.from(zipChunks(entries)), createWriteStream(job.outputPath));
  return { parts: parts.length };
}

async function openFile(file: string): Promise<Readable> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  return handle.createReadStream();
}
