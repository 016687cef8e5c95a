import yauzl from 'yauzl';
import { AppError } from '@/lib/api/errors';

// Zip-bomb defence for OOXML/ODF inputs, before LibreOffice sees them. First the central
// directory's declared sizes (cheap), then every entry is inflated and counted, with yauzl
// checking that the real size equals the declared one, so a lying header is caught too.

export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalUncompressed: 500 * 1024 ** 2,
  /** Ratio above which a large entry is treated as a bomb (deflate tops out near 1032:1). */
  maxRatio: 200,
  /** Entries smaller than this may compress as well as they like (repetitive XML). */
  ratioCheckMinBytes: 10 * 1024 ** 2,
};

const refuse = (why: string) => new AppError('unsupported_format', `The document was refused: ${why}.`);

/** Reads one entry's bytes while the guard inflates it (e.g. to look for linked content). */
export type ZipEntryVisitor = (name: string) => { write: (chunk: Buffer) => void; end: () => void } | undefined;

export async function assertSafeZip(file: string, limits = ZIP_LIMITS, visit?: ZipEntryVisitor): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (e) {
    throw new AppError('unsupported_format', 'The document is not a valid ZIP package.', { cause: e });
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw refuse(`too many entries (${zip.entryCount})`);
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalUncompressed)
        throw refuse('it expands to more than ' + `${limits.maxTotalUncompressed / 1024 ** 2} MB`);
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize >= limits.ratioCheckMinBytes && ratio > limits.maxRatio) {
        throw refuse(`an entry is compressed ${Math.round(ratio)}:1`);
      }
      entries.push(entry);
    }
    // Declared sizes are within limits: now prove them by inflating (bounded by the same limits).
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      const reader = visit?.(entry.fileName);
      for await (const chunk of stream) reader?.write(chunk as Buffer); // yauzl errors if the real size differs
      reader?.end();
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('unsupported_format', 'The document package is corrupt.', { cause: e });
  } finally {
    zip.close();
  }
}
