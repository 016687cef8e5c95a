import { ascii } from './bytes';

// Compressed streams are one file or a TAR by what they hold: the start is decompressed to see.
// The format records also reach the browser (the converter shows labels and aliases), so zlib is
// taken from Node when a stream is inspected, which only the server does, not imported.

/** A POSIX or GNU tar header: "ustar" at offset 257. */
const isTarHeader = (b: Buffer) => b.length >= 262 && ascii(b, 'ustar', 257);

/**
 * The start of a compressed stream, decompressed from its first 2 KiB only (at most ~2 MB out,
 * whatever the ratio): enough to see a tar header. Errors (a cut stream) yield what came out.
 */
function inflatedStart(head: Buffer, kind: 'gzip' | 'zstd'): Buffer {
  const input = head.subarray(0, 2048);
  const { constants, gunzipSync, zstdDecompressSync } = process.getBuiltinModule('node:zlib');
  try {
    if (kind === 'gzip') return gunzipSync(input, { finishFlush: constants.Z_SYNC_FLUSH });
    return zstdDecompressSync(input, { finishFlush: constants.ZSTD_e_flush });
  } catch {
    return Buffer.alloc(0);
  }
}

const isGzip = (h: Buffer) => ascii(h, '\x1f\x8b\x08');
const isZstd = (h: Buffer) => ascii(h, '\x28\xb5\x2f\xfd');

/** A gzip stream holding a TAR (`true`) or one compressed file (`false`). */
export const gzipHoldsTar = (holdsTar: boolean) => (h: Buffer) =>
  isGzip(h) && isTarHeader(inflatedStart(h, 'gzip')) === holdsTar;

/** A zstd stream holding a TAR (`true`) or one compressed file (`false`). */
export const zstdHoldsTar = (holdsTar: boolean) => (h: Buffer) =>
  isZstd(h) && isTarHeader(inflatedStart(h, 'zstd')) === holdsTar;

/** cpio: the ASCII new, CRC and old-portable magics, or the old binary one (little-endian). */
export const isCpio = (h: Buffer) =>
  ascii(h, '070701') || ascii(h, '070702') || ascii(h, '070707') || (h.length >= 2 && h.readUInt16LE(0) === 0o70707);

/** lzma-alone: properties byte (lc/lp/pb < 225), a power-of-two-ish dictionary, an unknown or small size. */
export const isLzma = (h: Buffer) =>
  h.length >= 13 && h[0] === 0x5d && h[1] === 0 && h[2] === 0 && h.readUInt32LE(1) >= 4096;
