import { ascii, hexAt } from './bytes';
import { HEAD_BYTES } from './head-bytes';

// Image headers that have no magic number, or not only one: each is taken only when every field
// holds a legal value, and the tiny bi-level ones only when the whole file is in the head with
// exactly the size the header announces.

/** The head holds the whole file (it is shorter than what detection reads). */
const whole = (h: Buffer) => h.length < HEAD_BYTES;

/**
 * file-type calls anything starting 00 00 01|02 00 an icon or cursor, which a Targa header can
 * be too: an icon needs at least one directory entry pointing past the directory.
 */
export function isIconDirectory(h: Buffer): boolean {
  if (h.length < 22) return false;
  const count = h.readUInt16LE(4);
  return count > 0 && h[9] === 0 && h.readUInt32LE(18) >= 6 + 16 * count;
}

/** X window dump: a big-endian header size of at least 100 bytes, then file version 7. */
export const isXwd = (h: Buffer) =>
  h.length >= 100 && h.readUInt32BE(4) === 7 && h.readUInt32BE(0) >= 100 && h.readUInt32BE(0) < 4096;

export const isSgi = (h: Buffer) => hexAt(h, '01da') && h.length >= 512 && (h[2] === 0 || h[2] === 1);

/** Binary Netpbm: P4–P7 then white space ('P7 332' starts an XV thumbnail, not a PAM). */
export const binaryPnm = (digit: '4' | '5' | '6' | '7') => (h: Buffer) =>
  /^P([4-7])\s(?!332\n)/.exec(h.subarray(0, 7).toString('latin1'))?.[1] === digit;

/** Plain (text) Netpbm: P1–P3 then white space. */
export const plainPnm = (digit: '1' | '2' | '3') => (raw: string) => /^P([1-3])\s/.exec(raw)?.[1] === digit;

/** ZSoft PCX: 0x0A, a known version, RLE encoding, a valid bit depth and window. */
export function isPcx(h: Buffer): boolean {
  if (h.length < 128 || h[0] !== 0x0a || ![0, 2, 3, 4, 5].includes(h[1]) || h[2] !== 1 || ![1, 2, 4, 8].includes(h[3]))
    return false;
  const [x0, y0, x1, y1] = [h.readUInt16LE(4), h.readUInt16LE(6), h.readUInt16LE(8), h.readUInt16LE(10)];
  return x1 >= x0 && y1 >= y0 && h[64] === 0 && [1, 3, 4].includes(h[65]);
}

/**
 * Targa has no magic at its start (the v2 footer is at the end): a header whose every field
 * holds one of the few legal values, with a non-empty image, is taken as TGA.
 */
export function isTga(h: Buffer): boolean {
  if (h.length < 18) return false;
  const [idLen, mapType, type] = [h[0], h[1], h[2]];
  const width = h.readUInt16LE(12);
  const height = h.readUInt16LE(14);
  const depth = h[16];
  const descriptor = h[17];
  return (
    idLen < 64 &&
    (mapType === 0 || mapType === 1) &&
    [1, 2, 3, 9, 10, 11].includes(type) &&
    (mapType === 1) === (type === 1 || type === 9) &&
    width > 0 &&
    height > 0 &&
    [8, 15, 16, 24, 32].includes(depth) &&
    (descriptor & 0xc0) === 0 &&
    h.readUInt16LE(8) === 0 &&
    h.readUInt16LE(10) === 0
  );
}

/** Walks the JPEG markers before the first frame header: SOF55 (FFF7) means JPEG-LS. */
export function isJpegLs(h: Buffer): boolean {
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
export function isDng(h: Buffer): boolean {
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

/** Microsoft Paint 1 and 2: 'DanM' or 'LinS', a size, and the header's XOR checksum. */
export function isMsp(h: Buffer): boolean {
  if (h.length < 32 || !(ascii(h, 'DanM') || ascii(h, 'LinS'))) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum ^= h.readUInt16LE(2 * i);
  return sum === 0 && h.readUInt16LE(4) > 0 && h.readUInt16LE(6) > 0;
}

/** PlayStation TIM: id 0x10, a known pixel mode, and a first block whose length fits its size. */
export function isTim(h: Buffer): boolean {
  if (h.length < 20 || h.readUInt32LE(0) !== 0x10) return false;
  const flags = h.readUInt32LE(4);
  if ((flags & ~0xf) !== 0 || (flags & 7) > 3) return false;
  // The first block is the colour table (with bit 3) or the image: length = 12 + 2 × width(16-bit units) × height.
  const length = h.readUInt32LE(8);
  const [width, height] = [h.readUInt16LE(16), h.readUInt16LE(18)];
  return width > 0 && height > 0 && length === 12 + 2 * width * height;
}

/** Bio-Rad PIC: file id 12345 at byte 54 of a 76-byte header, a size, a known byte format. */
export function isBiorad(h: Buffer): boolean {
  if (h.length < 76 || h.readUInt16LE(54) !== 12345) return false;
  const [width, height, images] = [0, 2, 4].map((o) => h.readInt16LE(o));
  return width > 0 && height > 0 && images > 0 && (h.readInt16LE(14) === 0 || h.readInt16LE(14) === 1);
}

/** Amiga IFF: a FORM of ILBM (interleaved) or PBM (chunky) pictures. */
export const isIlbm = (h: Buffer) => ascii(h, 'FORM') && (ascii(h, 'ILBM', 8) || ascii(h, 'PBM ', 8));

/** The first 64 bytes as text, for the ASCII headers. */
export const textStart = (h: Buffer) => h.subarray(0, 64).toString('latin1');

/** Utah RLE: magic 0x52CC, a non-empty image, 8-bit channels, at most 254 of them, known flags. */
export function isUtahRle(h: Buffer): boolean {
  if (h.length < 15 || !hexAt(h, '52cc')) return false;
  const [width, height] = [h.readUInt16LE(6), h.readUInt16LE(8)];
  return width > 0 && height > 0 && (h[10] & 0xf0) === 0 && h[11] >= 1 && h[11] <= 254 && h[12] === 8;
}

/** MGR: 'yz', then width, height and depth in printable 6-bit digits. */
export function isMgr(h: Buffer): boolean {
  if (h.length < 8 || !ascii(h, 'yz')) return false;
  return [2, 3, 4, 5, 6].every((i) => h[i] >= 0x20 && h[i] < 0x60) && h[6] > 0x20;
}

/** GEM bit image: version 1, an 8-word (or longer XIMG) header, legal planes, pattern and size. */
export function isGem(h: Buffer): boolean {
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
const atariPalette = (h: Buffer, at: number) =>
  [...Array(16).keys()].every((i) => (h.readUInt16BE(at + 2 * i) & 0xf000) === 0);
/** Degas: 32034 bytes, resolution 0 (low) or 2 (high). */
export const isDegas = (resolution: 0 | 2) => (h: Buffer) =>
  h.length === 32034 && atariPalette(h, 2) && h.readUInt16BE(0) === resolution;
/** NEOchrome: 32128 bytes, flag 0, resolution at most 2. */
export const isNeochrome = (h: Buffer) =>
  h.length === 32128 && h.readUInt16BE(0) === 0 && h.readUInt16BE(2) <= 2 && atariPalette(h, 4);

/** Bennet Yee face: '!!', width and height, then exactly the 16-bit-padded rows (faces are small). */
export function isYbm(h: Buffer): boolean {
  if (!whole(h) || h.length < 7 || !ascii(h, '!!')) return false;
  const [width, height] = [h.readUInt16BE(2), h.readUInt16BE(4)];
  return width > 0 && height > 0 && h.length === 6 + Math.ceil(width / 16) * 2 * height;
}

/** CALS type 1: 128-byte ASCII header records, one of which gives the pixel count. */
export function isCals(h: Buffer): boolean {
  const start = h.subarray(0, 2048).toString('latin1');
  return /^(srcdocid|version|rtype|rorient):/.test(start) && /(^|\s)rpelcnt: *\d+, *\d+/.test(start);
}

/** Mac PICT: a 512-byte application header, the picture size and frame, then the version opcode. */
export function isPict(h: Buffer): boolean {
  if (h.length < 530) return false;
  const [top, left, bottom, right] = [0, 2, 4, 6].map((o) => h.readInt16BE(514 + o));
  const v2 = hexAt(h, '001102ff', 522);
  const v1 = hexAt(h, '1101', 522);
  return (v1 || v2) && bottom > top && right > left;
}

/** Palm bitmap: size, word-aligned row bytes, a known depth, version and compression, reserved zero. */
export function isPalm(h: Buffer): boolean {
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
export function isJbig(h: Buffer): boolean {
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
export function isOtb(h: Buffer): boolean {
  if (!whole(h) || h.length < 5 || h[0] !== 0 || h[3] !== 1 || h[1] === 0 || h[2] === 0) return false;
  return h.length === 4 + Math.ceil(h[1] / 8) * h[2] || h.length === 4 + Math.ceil((h[1] * h[2]) / 8);
}

/** WBMP level 0: type 0, header 0, multi-byte width and height, then exactly the rows' bytes. */
export function isWbmp(h: Buffer): boolean {
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
export function isAliasPix(h: Buffer): boolean {
  if (h.length < 14) return false;
  const bits = h.readUInt16BE(8);
  return h.readUInt16BE(0) > 0 && h.readUInt16BE(2) > 0 && (bits === 24 || bits === 8) && h[10] > 0;
}
