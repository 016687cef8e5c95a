// The rules of a resumable upload (parts API and tus), in one place.

const MiB = 1024 * 1024;

/**
 * The part size the server fixes, unless the file needs bigger parts to stay within MAX_PARTS.
 * 16 MiB parts made the parts API 35–40 % faster (fewer requests), but with four in flight the web
 * process's peak RSS growth over a 1 GiB upload reached 99–103 MiB, past the 100 MB it must stay
 * under (bench/RESULTS.md); with 8 MiB it stayed at 17–80 MiB.
 */
export const PART_SIZE_BYTES = 8 * MiB;
/** S3's limit on parts per object. */
export const MAX_PARTS = 10_000;
/** S3's largest object (5 TiB): the largest file a resumable upload announces. */
export const MAX_FILE_SIZE_BYTES = 5 * 1024 * 1024 * MiB;
/** An upload not completed within this time is deleted by the retention sweep. */
export const UPLOAD_TTL_MS = 24 * 3_600_000;

/** Part size and count for a file: parts of 8 MiB, grown in whole MiB when 10,000 would not do. */
export function partLayout(fileSize: number): { partSize: number; partCount: number } {
  const partSize = Math.max(PART_SIZE_BYTES, Math.ceil(fileSize / MAX_PARTS / MiB) * MiB);
  return { partSize, partCount: Math.ceil(fileSize / partSize) };
}

/** Where part `number` starts and how many bytes it has: every part is full but the last. */
export function partRange(upload: { fileSize: number; partSize: number }, number: number) {
  const offset = (number - 1) * upload.partSize;
  return { number, offset, size: Math.min(upload.partSize, upload.fileSize - offset) };
}

/** The part numbers of 1..partCount not in `stored`. */
export function missingParts(partCount: number, stored: number[]): number[] {
  const have = new Set(stored);
  return Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !have.has(n));
}

/** The header that names the conversion a finished tus upload became (final PATCH and later HEADs). */
export const CONVERSION_ID_HEADER = 'X-Conversion-Id';
/** Where the tus endpoint is mounted. */
export const TUS_PATH = '/api/v1/tus';
