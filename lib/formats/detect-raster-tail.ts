import type { FormatName } from './catalog';
import { HEAD_BYTES } from './detect-format';
import type { TailDetector } from './detect-tail';

// Recognising the long-tail raster images (see ./detect-tail.ts for the rules). Most have a magic
// number; the few that have none (Palm bitmap, JBIG, OTB, WBMP, MTV, Alias PIX) are taken only when
// every header field holds a legal value (as Targa in ./detect-breadth.ts), and the tiny bi-level
// ones only when the whole file is in the head with exactly the size the header announces.

const ascii = (h: Buffer, s: string, at = 0) => h.subarray(at, at + s.length).toString('latin1') === s;
const hex = (h: Buffer, x: string, at = 0) => h.subarray(at, at + x.length / 2).equals(Buffer.from(x, 'hex'));

/** The head holds the whole file (it is shorter than what detection reads). */
const whole = (h: Buffer) => h.length < HEAD_BYTES;

/** Refinements of file-type answers. */
function byFileType(ftExt: string, _ext: string, head: Buffer): FormatName | null {
  if (ftExt === 'psd') return head.readUInt16BE(4) === 2 ? 'psb' : null; // '8BPS' version 2
  if (ftExt === 'aif') return ilbm(head) ? 'ilbm' : null; // an IFF file, as AIFF is
  if (ftExt === 'j2c') return 'j2k';
  if (ftExt === 'exr') return 'exr';
  if (ftExt === 'jls') return 'jls';
  if (ftExt === 'dcm') return 'dcm';
  // A JPEG-LS frame (SOF55) in a JPEG stream: no JPEG decoder reads it.
  if (ftExt === 'jpg') return jpegLs(head) ? 'jls' : null;
  if ((ftExt === 'tif' || ftExt === 'dng') && dng(head)) return 'dng';
  return null;
}

/** Walks the JPEG markers before the first frame header: SOF55 (FFF7) means JPEG-LS. */
function jpegLs(h: Buffer): boolean {
  let at = 2;
  while (at + 4 <= h.length && h[at] === 0xff) {
    const marker = h[at + 1];
    if (marker === 0xf7) return true;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return false;
    at += 2 + h.readUInt16BE(at + 2);
  }
  return false;
}

/** A TIFF whose first directory holds DNGVersion (tag 0xC612). */
export function dng(h: Buffer): boolean {
  const le = ascii(h, 'II*\0');
  if (!le && !ascii(h, 'MM\0*')) return false;
  const u16 = (at: number) => (le ? h.readUInt16LE(at) : h.readUInt16BE(at));
  const ifd = le ? h.readUInt32LE(4) : h.readUInt32BE(4);
  if (ifd + 2 > h.length) return false;
  const count = u16(ifd);
  for (let i = 0; i < count && ifd + 2 + 12 * i + 12 <= h.length; i++)
    if (u16(ifd + 2 + 12 * i) === 0xc612) return true;
  return false;
}

function binary(h: Buffer, ext: string): FormatName | null {
  if (ascii(h, 'DICM', 128)) return 'dcm';
  if (ascii(h, 'qoif')) return 'qoi';
  if (hex(h, '762f3101')) return 'exr';
  if (hex(h, '1ef10d90')) return 'vbn';
  if (isMsp(h)) return 'msp';
  if (isTim(h)) return 'tim';
  if (isBiorad(h)) return 'biorad';
  if (hex(h, 'ff4fff51')) return 'j2k';
  if (hex(h, 'b168de3a')) return 'dcx';
  if (hex(h, '08f2a6b6') || hex(h, 'b6a6f208')) return 'vips';
  if (ascii(h, 'LBLSIZE=')) return 'vicar';
  if (ascii(h, 'PCD_IPI', 2048)) return 'pcd';
  if (ascii(h, 'vIMGView', 60)) return 'palmdb';
  if ((ascii(h, 'iiii') || ascii(h, 'mmmm')) && ascii(h, 'data', 12)) return 'ipl';
  if (/^\x1bP[0-9;]*q/.test(h.subarray(0, 32).toString('latin1'))) return 'sixel';
  const text = h.subarray(0, 64).toString('latin1');
  if (/^P[Ff]\s+\d+\s+\d+\s+-?\d+(\.\d+)?\s/.test(text)) return 'pfm';
  if (/^P[Hh]\s+\d+\s+\d+\s+-?\d+(\.\d+)?\s/.test(text)) return 'phm';
  if (/^PG (ML|LM) ?[+-]? ?\d+ \d+ \d+\s/.test(text)) return 'pgx';
  if (ilbm(h)) return 'ilbm';
  if (ascii(h, 'P7 332\n')) return 'xvmini';
  if (hex(h, 'f10040bb')) return 'cmuwm';
  if (ascii(h, 'This is a BitMap file')) return 'lispm';
  if (ascii(h, '\x89OPS')) return 'leaf';
  if (ascii(h, 'GARMIN BITMAP')) return 'srf';
  if (/^\.MD[AP]MicroDesign/.test(text)) return 'mda';
  if (/^ST-\S+ (Compressed )?Image\r?\n/.test(text) && /Width=\d+/.test(h.subarray(0, 2048).toString('latin1')))
    return 'sbig';
  if (isUtahRle(h)) return 'rle';
  if (isMgr(h)) return 'mgr';
  if (isGem(h)) return 'gem';
  const atari = atariScreen(h);
  if (atari) return atari;
  if (isYbm(h)) return 'ybm';
  if (isCals(h)) return 'cals';
  if (isPict(h)) return 'pict';
  if (isPalm(h)) return 'palm';
  if (isJbig(h)) return 'jbig';
  if (isOtb(h)) return 'otb';
  if (isWbmp(h)) return 'wbmp';
  // No magic at all: the header must be legal and the name must say so (the bytes allow little else).
  if (ext === 'mtv' && /^[1-9]\d{0,4} [1-9]\d{0,4}\n/.test(text)) return 'mtv';
  if (ext === 'pix' && isAliasPix(h)) return 'pix';
  return null;
}

/** Microsoft Paint 1 and 2: 'DanM' or 'LinS', a size, and the header's XOR checksum. */
function isMsp(h: Buffer): boolean {
  if (h.length < 32 || !(ascii(h, 'DanM') || ascii(h, 'LinS'))) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum ^= h.readUInt16LE(2 * i);
  return sum === 0 && h.readUInt16LE(4) > 0 && h.readUInt16LE(6) > 0;
}

/** PlayStation TIM: id 0x10, a known pixel mode, and a first block whose length fits its size. */
function isTim(h: Buffer): boolean {
  if (h.length < 20 || h.readUInt32LE(0) !== 0x10) return false;
  const flags = h.readUInt32LE(4);
  if ((flags & ~0xf) !== 0 || (flags & 7) > 3) return false;
  // The first block is the colour table (with bit 3) or the image: length = 12 + 2 × width(16-bit units) × height.
  const length = h.readUInt32LE(8);
  const [width, height] = [h.readUInt16LE(16), h.readUInt16LE(18)];
  return width > 0 && height > 0 && length === 12 + 2 * width * height;
}

/** Bio-Rad PIC: file id 12345 at byte 54 of a 76-byte header, a size, a known byte format. */
function isBiorad(h: Buffer): boolean {
  if (h.length < 76 || h.readUInt16LE(54) !== 12345) return false;
  const [width, height, images] = [0, 2, 4].map((o) => h.readInt16LE(o));
  return width > 0 && height > 0 && images > 0 && (h.readInt16LE(14) === 0 || h.readInt16LE(14) === 1);
}

/** Amiga IFF: a FORM of ILBM (interleaved) or PBM (chunky) pictures. */
const ilbm = (h: Buffer) => ascii(h, 'FORM') && (ascii(h, 'ILBM', 8) || ascii(h, 'PBM ', 8));

/** Utah RLE: magic 0x52CC, a non-empty image, 8-bit channels, at most 254 of them, known flags. */
function isUtahRle(h: Buffer): boolean {
  if (h.length < 15 || !hex(h, '52cc')) return false;
  const [width, height] = [h.readUInt16LE(6), h.readUInt16LE(8)];
  return width > 0 && height > 0 && (h[10] & 0xf0) === 0 && h[11] >= 1 && h[11] <= 254 && h[12] === 8;
}

/** MGR: 'yz', then width, height and depth in printable 6-bit digits. */
function isMgr(h: Buffer): boolean {
  if (h.length < 8 || !ascii(h, 'yz')) return false;
  return [2, 3, 4, 5, 6].every((i) => h[i] >= 0x20 && h[i] < 0x60) && h[6] > 0x20;
}

/** GEM bit image: version 1, an 8-word (or longer XIMG) header, legal planes, pattern and size. */
function isGem(h: Buffer): boolean {
  if (h.length < 16) return false;
  const [version, words, planes, pattern, , , width, height] = [0, 2, 4, 6, 8, 10, 12, 14].map((o) =>
    h.readUInt16BE(o),
  );
  return (
    version === 1 &&
    words >= 8 &&
    words < 64 &&
    planes >= 1 &&
    planes <= 8 &&
    pattern >= 1 &&
    pattern <= 8 &&
    width > 0 &&
    height > 0
  );
}

/** Atari ST screens: the exact file size, the resolution word and a palette of 12-bit colours. */
function atariScreen(h: Buffer): FormatName | null {
  const palette = (at: number) => [...Array(16).keys()].every((i) => (h.readUInt16BE(at + 2 * i) & 0xf000) === 0);
  if (h.length === 32034 && palette(2)) return h.readUInt16BE(0) === 0 ? 'pi1' : h.readUInt16BE(0) === 2 ? 'pi3' : null;
  if (h.length === 32128 && h.readUInt16BE(0) === 0 && h.readUInt16BE(2) <= 2 && palette(4)) return 'neo';
  return null;
}

/** Bennet Yee face: '!!', width and height, then exactly the 16-bit-padded rows (faces are small). */
function isYbm(h: Buffer): boolean {
  if (!whole(h) || h.length < 7 || !ascii(h, '!!')) return false;
  const [width, height] = [h.readUInt16BE(2), h.readUInt16BE(4)];
  return width > 0 && height > 0 && h.length === 6 + Math.ceil(width / 16) * 2 * height;
}

/** CALS type 1: 128-byte ASCII header records, one of which gives the pixel count. */
function isCals(h: Buffer): boolean {
  const start = h.subarray(0, 2048).toString('latin1');
  return /^(srcdocid|version|rtype|rorient):/.test(start) && /(^|\s)rpelcnt: *\d+, *\d+/.test(start);
}

/** Mac PICT: a 512-byte application header, the picture size and frame, then the version opcode. */
function isPict(h: Buffer): boolean {
  if (h.length < 530) return false;
  const [top, left, bottom, right] = [0, 2, 4, 6].map((o) => h.readInt16BE(514 + o));
  const v2 = hex(h, '001102ff', 522);
  const v1 = hex(h, '1101', 522);
  return (v1 || v2) && bottom > top && right > left;
}

/** Palm bitmap: size, word-aligned row bytes, a known depth, version and compression, reserved zero. */
function isPalm(h: Buffer): boolean {
  if (h.length < 16) return false;
  const [width, height, rowBytes, flags] = [0, 2, 4, 6].map((o) => h.readUInt16BE(o));
  const [depth, version, compression] = [h[8], h[9], h[13]];
  return (
    width > 0 &&
    height > 0 &&
    [1, 2, 4, 8, 16].includes(depth) &&
    rowBytes === Math.ceil((width * depth) / 16) * 2 &&
    (flags & 0xff) === 0 &&
    version <= 3 &&
    [0, 1, 2, 0xff].includes(compression) &&
    h.readUInt16BE(14) === 0
  );
}

/** JBIG (T.82) bi-level image header: every field of the 20-byte BIH within its legal range. */
function isJbig(h: Buffer): boolean {
  if (h.length < 21) return false;
  const [dl, d, planes] = [h[0], h[1], h[2]];
  const [xd, yd, l0] = [4, 8, 12].map((o) => h.readUInt32BE(o));
  return (
    dl <= d &&
    d < 32 &&
    planes >= 1 &&
    h[3] === 0 &&
    xd > 0 &&
    yd > 0 &&
    l0 > 0 &&
    h[16] <= 127 &&
    h[17] === 0 &&
    (h[18] & 0xf0) === 0 &&
    (h[19] & 0x80) === 0
  );
}

/** Nokia OTB: info byte 0, width and height, depth 1, then exactly the packed bits. */
function isOtb(h: Buffer): boolean {
  if (!whole(h) || h.length < 5 || h[0] !== 0 || h[3] !== 1 || h[1] === 0 || h[2] === 0) return false;
  return h.length === 4 + Math.ceil(h[1] / 8) * h[2] || h.length === 4 + Math.ceil((h[1] * h[2]) / 8);
}

/** WBMP level 0: type 0, header 0, multi-byte width and height, then exactly the rows' bytes. */
function isWbmp(h: Buffer): boolean {
  if (!whole(h) || h.length < 5 || h[0] !== 0 || h[1] !== 0) return false;
  let at = 2;
  const next = () => {
    let v = 0;
    for (let i = 0; i < 4 && at < h.length; i++) {
      const b = h[at++];
      v = (v << 7) | (b & 0x7f);
      if ((b & 0x80) === 0) return v;
    }
    return 0;
  };
  const width = next();
  const height = next();
  return width > 0 && height > 0 && h.length === at + Math.ceil(width / 8) * height;
}

/** Alias PIX: size, offsets, 8 or 24 bits, then run-length packets (count ≥ 1). */
function isAliasPix(h: Buffer): boolean {
  if (h.length < 14) return false;
  const bits = h.readUInt16BE(8);
  return h.readUInt16BE(0) > 0 && h.readUInt16BE(2) > 0 && (bits === 24 || bits === 8) && h[10] > 0;
}

/** Text images: Sun icons, Andrew Toolkit rasters, FaceSaver files. */
function text(_raw: string, start: string): FormatName | null {
  if (start.startsWith('/* format_version=1,')) return 'sunicon';
  if (start.startsWith('\\begindata{raster,')) return 'atk';
  if (start.startsWith('firstname:') && /\npicdata:\s*\d+\s+\d+\s+\d+/.test(start)) return 'fs';
  return null;
}

export const RASTER_DETECTOR: TailDetector = { byFileType, binary, text };
