// @ts-check
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, run by bare Node in the sandbox */
// Decodes a page image once, in plain JS, for the OCR worker's page reader (page-image.cjs): a PNG
// (zlib is Node's; 8/16-bit non-interlaced, what sharp writes an image's pages as) or a binary
// PGM/PPM (what pdftoppm renders a PDF page as: writing PNG cost it 0.55 s of 0.9 s a page). Out
// come a grey thumbnail for the skew estimate (page-skew.cjs) and, for a grey page (8-bit grey, or
// RGB whose every pixel is grey), the same pixels as a PGM: tesseract.js's Leptonica (WebAssembly)
// decodes a PNG in about 0.25 s of an A4 page's 1.5 s and reads a PGM in next to nothing. The grey
// levels are the same, so is the text (tesseract reads a grey RGB page as it reads the grey one).
// A colour page goes as it came (a PNG is not read faster as a PPM).
const { inflateSync } = require('node:zlib');

/**
 * A grey image of every few pixels of a page, row by row (`grey[y * width + x]`).
 * @typedef {{ grey: Uint8Array, width: number, height: number }} Thumbnail
 */

/**
 * What the page reader needs of a decoded page: its thumbnail, the whole page as a binary PGM when
 * it is grey (else null), and the resolution the file states (0: none).
 * @typedef {{ thumb: Thumbnail, pgm: Buffer | null, dpi: number }} DecodedPage
 */

/**
 * Row `y`'s pixels start at `row[0]`, `bpp` bytes each.
 * @typedef {(y: number, row: Uint8Array, bpp: number) => void} RowSampler
 */

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** Samples per row of the thumbnail the angle is measured on. */
const THUMB_WIDTH = 800;

/**
 * Channels per colour type (PNG spec, table 11.1); palette is 1 with a lookup.
 * @type {Record<number, number>}
 */
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * A PNG or a binary PGM/PPM decoded, or null when it is neither, is a flavour this does not read, or
 * has more than `maxPixels` pixels. Throws on a damaged file (a bad filter, a broken zlib stream).
 * @param {Buffer} input
 * @param {number} maxPixels
 * @returns {DecodedPage | null}
 */
function decodePage(input, maxPixels) {
  return decodePng(input, maxPixels) ?? decodePnm(input, maxPixels);
}

/**
 * PNG → a grey thumbnail (see thumbnailer), `pgm` (the whole image as a binary PGM) for an 8-bit
 * grey page or an 8-bit RGB one whose pixels are all grey, and `dpi` when the PNG states one;
 * null if unsupported.
 * @param {Buffer} buf
 * @param {number} maxPixels
 * @returns {DecodedPage | null}
 */
function decodePng(buf, maxPixels) {
  if (buf.length < 33 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let width = 0;
  let height = 0;
  let depth = 0;
  let type = 0;
  /** @type {Buffer | null} */
  let palette = null;
  let dpi = 0;
  /** @type {Buffer[]} */
  const idat = [];
  for (let at = 8; at + 8 <= buf.length;) {
    const length = buf.readUInt32BE(at);
    const kind = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (kind === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      depth = data[8];
      type = data[9];
      if (data[12] !== 0) return null; // interlaced
    } else if (kind === 'PLTE') palette = data;
    else if (kind === 'pHYs' && data[8] === 1)
      dpi = Math.round(data.readUInt32BE(4) / 39.37); // per metre
    else if (kind === 'IDAT') idat.push(data);
    else if (kind === 'IEND') break;
    at += 12 + length;
  }
  const channels = CHANNELS[type];
  if (!channels || (depth !== 8 && depth !== 16) || (type === 3 && (depth !== 8 || !palette))) return null;
  if (width === 0 || height === 0 || width * height > maxPixels) return null;
  const bpp = channels * (depth / 8);
  const rowBytes = width * bpp;
  const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: height * (rowBytes + 1) });
  if (raw.length < height * (rowBytes + 1)) return null;

  const { thumb, sample } = thumbnailer(width, height, palette);
  // 8-bit grey: rows are unfiltered straight into the PGM. 8-bit RGB: into two alternating rows,
  // copied into the PGM while every pixel is grey (R = G = B: a grey scan saved as RGB, as
  // pdftoppm renders it); the first coloured pixel drops the PGM. Others: two alternating rows.
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`);
  const inPlace = type === 0 && depth === 8;
  /** @type {Buffer | null} */
  let pgm = inPlace || (type === 2 && depth === 8) ? Buffer.alloc(header.length + width * height) : null;
  pgm?.set(header);
  /** Row y of the PGM being filled (only called while there is one). */
  const rowOf = (/** @type {number} */ y) =>
    /** @type {Buffer} */ (pgm).subarray(header.length + y * width, header.length + (y + 1) * width);
  /** @type {Uint8Array} */
  let prev = new Uint8Array(rowBytes);
  /** @type {Uint8Array} */
  let cur = inPlace ? rowOf(0) : new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const start = y * (rowBytes + 1) + 1;
    if (inPlace && y > 0) [prev, cur] = [cur, rowOf(y)];
    // Unfilter (PNG spec, section 9): each row depends on the one above, so every row is decoded.
    unfilter(raw[start - 1], raw.subarray(start, start + rowBytes), cur, prev, bpp);
    if (pgm && !inPlace && !greyRow(cur, rowOf(y))) pgm = null;
    sample(y, cur, bpp);
    if (!inPlace) [prev, cur] = [cur, prev];
  }
  return { thumb, pgm, dpi };
}

/**
 * Binary PGM (P5) or PPM (P6), 8-bit, as pdftoppm writes a rendered page: the same result as decodePng.
 * @param {Buffer} buf
 * @param {number} maxPixels
 * @returns {DecodedPage | null}
 */
function decodePnm(buf, maxPixels) {
  const head = /^P([56])\s+(\d+)\s+(\d+)\s+255\s/.exec(buf.toString('latin1', 0, 64));
  if (!head) return null;
  const channels = head[1] === '5' ? 1 : 3;
  const width = Number(head[2]);
  const height = Number(head[3]);
  const start = head[0].length;
  if (width === 0 || height === 0 || width * height > maxPixels) return null;
  if (buf.length < start + width * height * channels) return null;
  const { thumb, sample } = thumbnailer(width, height);
  const rowBytes = width * channels;
  /** @type {Buffer | null} */
  let pgm = null;
  if (channels === 3) {
    const header = Buffer.from(`P5\n${width} ${height}\n255\n`);
    pgm = Buffer.alloc(header.length + width * height);
    pgm.set(header);
    for (let y = 0; pgm && y < height; y++) {
      const row = buf.subarray(start + y * rowBytes, start + (y + 1) * rowBytes);
      if (!greyRow(row, pgm.subarray(header.length + y * width, header.length + (y + 1) * width))) pgm = null;
    }
  }
  for (let y = 0; y < height; y++) sample(y, buf.subarray(start + y * rowBytes), channels);
  return { thumb, pgm: channels === 1 ? buf : pgm, dpi: 0 };
}

/**
 * A grey thumbnail of every `step`-th pixel of every `step`-th row, filled row by row by `sample`.
 * @param {number} width
 * @param {number} height
 * @param {Uint8Array | null} [palette] a PNG's PLTE (RGB triplets), for a palette image
 * @returns {{ thumb: Thumbnail, sample: RowSampler }}
 */
function thumbnailer(width, height, palette = null) {
  const step = Math.max(1, Math.round(width / THUMB_WIDTH));
  const tw = Math.floor((width + step - 1) / step);
  const th = Math.floor((height + step - 1) / step);
  const grey = new Uint8Array(tw * th);
  /** @type {RowSampler} The first byte of a pixel is grey, red or a 16-bit high byte. */
  const sample = (y, row, bpp) => {
    if (y % step !== 0) return;
    const at = (y / step) * tw;
    for (let tx = 0; tx < tw; tx++) {
      const v = row[tx * step * bpp];
      grey[at + tx] = palette ? (palette[v * 3] + palette[v * 3 + 1] + palette[v * 3 + 2]) / 3 : v;
    }
  };
  return { thumb: { grey, width: tw, height: th }, sample };
}

/**
 * Copies an RGB row's grey values into `out`; false at the first pixel that is not grey.
 * @param {Uint8Array} rgb
 * @param {Uint8Array} out
 * @returns {boolean}
 */
function greyRow(rgb, out) {
  for (let x = 0, i = 0; x < out.length; x++, i += 3) {
    const g = rgb[i];
    if (rgb[i + 1] !== g || rgb[i + 2] !== g) return false;
    out[x] = g;
  }
  return true;
}

/**
 * One row: `line` (filtered) into `cur`, given the row above in `prev` (zeros for the first).
 * @param {number} filter the row's filter type (0–4)
 * @param {Uint8Array} line
 * @param {Uint8Array} cur
 * @param {Uint8Array} prev
 * @param {number} bpp bytes per pixel
 */
function unfilter(filter, line, cur, prev, bpp) {
  const n = line.length;
  if (filter === 0) cur.set(line);
  else if (filter === 1) {
    for (let i = 0; i < bpp; i++) cur[i] = line[i];
    for (let i = bpp; i < n; i++) cur[i] = line[i] + cur[i - bpp];
  } else if (filter === 2) {
    for (let i = 0; i < n; i++) cur[i] = line[i] + prev[i];
  } else if (filter === 3) {
    for (let i = 0; i < bpp; i++) cur[i] = line[i] + (prev[i] >> 1);
    for (let i = bpp; i < n; i++) cur[i] = line[i] + ((cur[i - bpp] + prev[i]) >> 1);
  } else if (filter === 4) {
    for (let i = 0; i < bpp; i++) cur[i] = line[i] + prev[i];
    for (let i = bpp; i < n; i++) {
      const a = cur[i - bpp];
      const b = prev[i];
      const c = prev[i - bpp];
      const pa = b > c ? b - c : c - b; // |p - a| with p = a + b - c
      const pb = a > c ? a - c : c - a;
      const pc = a + b - c - c > 0 ? a + b - c - c : c + c - a - b;
      cur[i] = line[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
    }
  } else throw new Error(`bad PNG filter ${filter}`);
}

module.exports = { decodePage };
