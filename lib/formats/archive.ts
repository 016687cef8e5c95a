import { ascii } from './bytes';
import { recordsOf } from './format-record';
import { gzipHoldsTar, isCpio, isLzma, zstdHoldsTar } from './archive-headers';

// Archives, single-file compressors and disc images. ZIP is also the container of office files,
// e-books and comics (./containers.ts): a ZIP is an archive only when none of those claims it.

const arc = recordsOf('archive');

export const ARCHIVE = {
  zip: arc('application/zip', 'ZIP archive', 'zip', { detect: { container: 'zip' } }),
  '7z': arc('application/x-7z-compressed', '7-Zip archive', '7z', { detect: { fileType: ['7z'] } }),
  tar: arc('application/x-tar', 'TAR archive', 'tar', { detect: { fileType: ['tar'] } }),
  tgz: arc('application/gzip', 'Gzipped TAR archive', 'tar.gz', {
    aliases: ['tar.gz'],
    detect: { fileType: ['tar.gz'], signature: gzipHoldsTar(true) },
  }),
  tbz2: arc('application/x-bzip2', 'Bzip2 TAR archive', 'tar.bz2', {
    aliases: ['tar.bz2'],
    detect: { fileType: ['bz2'] },
  }),
  txz: arc('application/x-xz', 'XZ TAR archive', 'tar.xz', { aliases: ['tar.xz'], detect: { fileType: ['xz'] } }),
  tzst: arc('application/zstd', 'Zstandard TAR archive', 'tar.zst', {
    aliases: ['tar.zst'],
    detect: { signature: zstdHoldsTar(true) },
  }),
  cpio: arc('application/x-cpio', 'cpio archive', 'cpio', { detect: { fileType: ['cpio'], signature: isCpio } }),
  ar: arc('application/x-archive', 'ar archive (Unix, .deb)', 'a', {
    detect: { fileType: ['ar', 'deb'], signature: (b) => ascii(b, '!<arch>\n') },
  }),
  wim: arc('application/x-ms-wim', 'Windows imaging (WIM) archive', 'wim', {
    detect: { signature: (b) => ascii(b, 'MSWIM\0\0\0') },
  }),
  gz: arc('application/gzip', 'Gzip-compressed file', 'gz', {
    aliases: ['gzip'],
    detect: { signature: gzipHoldsTar(false) },
  }),
  zst: arc('application/zstd', 'Zstandard-compressed file', 'zst', {
    aliases: ['zstd'],
    detect: { signature: zstdHoldsTar(false) },
  }),
  lz4: arc('application/x-lz4', 'LZ4-compressed file', 'lz4', {
    detect: { fileType: ['lz4'], signature: (b) => ascii(b, '\x04\x22\x4d\x18') },
  }),
  lz: arc('application/x-lzip', 'Lzip-compressed file', 'lz', { detect: { fileType: ['lz'] } }),
  lzo: arc('application/x-lzop', 'LZO-compressed file', 'lzo', {
    detect: { signature: (b) => ascii(b, '\x89LZO\0\r\n\x1a\n') },
  }),
  z: arc('application/x-compress', 'Unix compress (.Z) file', 'Z', {
    detect: { fileType: ['Z'], signature: (b) => ascii(b, '\x1f\x9d') },
  }),
  iso: arc('application/x-iso9660-image', 'ISO 9660 disc image', 'iso', { detect: { fileType: ['iso'] } }),
  cab: arc('application/vnd.ms-cab-compressed', 'Windows cabinet', 'cab', { detect: { fileType: ['cab'] } }),
  arj: arc('application/x-arj', 'ARJ archive', 'arj', { detect: { fileType: ['arj'] } }),
  squashfs: arc('application/vnd.squashfs', 'SquashFS image', 'squashfs', {
    detect: { signature: (b) => ascii(b, 'hsqs') },
  }),
  // No magic of its own: asked after every archive that has one.
  lzma: arc('application/x-lzma', 'LZMA-compressed file', 'lzma', { detect: { signature: isLzma } }),
} as const;
