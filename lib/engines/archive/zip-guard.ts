import yauzl from 'yauzl';
import { AppError, isAppError } from '@/lib/errors';

// Zip-bomb defence for ZIP inputs (OOXML/ODF, e-books, archives), before an engine sees them. First
// the central directory's names (none may leave the folder or be a Unix link) and declared sizes
// (cheap), then every entry is inflated and counted, with yauzl checking that the real size equals
// the declared one, so a lying header is caught too.

export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalUncompressed: 500 * 1024 ** 2,
  /** Ratio above which a large entry is treated as a bomb (deflate tops out near 1032:1). */
  maxRatio: 200,
  /** Entries smaller than this may compress as well as they like (repetitive XML). */
  ratioCheckMinBytes: 10 * 1024 ** 2,
};

const refuse = (why: string) => new AppError('unsupported_format', `The ZIP package was refused: ${why}.`);

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** A Unix symbolic link: its mode sits in the high 16 bits of the external attributes. */
const isUnixLink = (entry: yauzl.Entry) => ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

/** The entry's name, refused when it leaves the folder (yauzl's own check would only say "corrupt"). */
function entryName(entry: yauzl.Entry): string {
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
  if (yauzl.validateFileName(name) !== null) throw refuse('an entry points outside the archive');
  return name;
}

/** Reads one entry's bytes while the guard inflates it (e.g. to look for linked content). */
export type ZipEntryVisitor = (name: string) => { write: (chunk: Buffer) => void; end: () => void } | undefined;

export async function assertSafeZip(file: string, limits = ZIP_LIMITS, visit?: ZipEntryVisitor): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      // Names are decoded and checked by entryName, so a path leaving the folder is named as such.
      decodeStrings: false,
    });
  } catch (e) {
    throw new AppError('unsupported_format', 'The file is not a valid ZIP package.', { cause: e });
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw refuse(`too many entries (${zip.entryCount})`);
    const entries: Array<{ entry: yauzl.Entry; name: string }> = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      if (isUnixLink(entry)) throw refuse('it contains links');
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalUncompressed)
        throw refuse('it expands to more than ' + `${limits.maxTotalUncompressed / 1024 ** 2} MB`);
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize >= limits.ratioCheckMinBytes && ratio > limits.maxRatio) {
        throw refuse(`an entry is compressed ${Math.round(ratio)}:1`);
      }
      entries.push({ entry, name });
    }
    // Declared sizes are within limits: now prove them by inflating (bounded by the same limits).
    for (const { entry, name } of entries) {
      if (name.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      const reader = visit?.(name);
      for await (const chunk of stream) reader?.write(chunk as Buffer); // yauzl errors if the real size differs
      reader?.end();
    }
  } catch (e) {
    if (isAppError(e)) throw e;
    throw new AppError('unsupported_format', 'The ZIP package is corrupt.', { cause: e });
  } finally {
    zip.close();
  }
}
