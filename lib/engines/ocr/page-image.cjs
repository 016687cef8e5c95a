'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, run by bare Node in the sandbox */
// The OCR worker reads each page once in plain JS for two things: a PNG (zlib is Node's; 8/16-bit
// non-interlaced, what sharp writes an image's pages as) or a binary PGM/PPM (what pdftoppm
// renders a PDF page as: writing PNG cost it 0.55 s of 0.9 s a page).
// - Its skew, cheaply, so that only the pages that need it are rotated. Tesseract's own layout
//   analysis (the CLI's default, page segmentation mode 3) copes with a degree or two but finds an
//   "Empty page" on a scan turned by 3° or more; tesseract.js's `rotateAuto` asks that same
//   analysis for the angle, so it cannot help there and costs a layout pass and a second decode on
//   every page. Here every few pixels are sampled and the angle whose horizontal projection of the
//   dark samples is sharpest (text lines fall into few rows) wins: 30–60 ms for an A4 page.
// - For a grey page (8-bit grey, or RGB whose every pixel is grey), the same pixels as a PGM:
//   tesseract.js's Leptonica (WebAssembly) decodes a PNG in about 0.25 s of an A4 page's 1.5 s,
//   and reads a PGM in next to nothing. The grey levels are the same, so is the text (tesseract
//   reads a grey RGB page as it reads the grey one); the resolution goes along as
//   `user_defined_dpi`. A colour page goes as it came (a PNG is not read faster as a PPM).
const { inflateSync } = require('node:zlib');

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** Samples per row of the thumbnail the angle is measured on. */
const THUMB_WIDTH = 800;
const MAX_DEGREES = 8;

/** Channels per colour type (PNG spec, table 11.1); palette is 1 with a lookup. */
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * PNG → a grey thumbnail (see thumbnailer), `pgm` (the whole image as a binary PGM) for an 8-bit
 * grey page or an 8-bit RGB one whose pixels are all grey, and `dpi` when the PNG states one;
 * null if unsupported.
 */
function decodePng(buf, maxPixels) {
  if (buf.length < 33 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let width = 0;
  let height = 0;
  let depth = 0;
  let type = 0;
  let palette = null;
  let dpi = 0;
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
  let pgm = inPlace || (type === 2 && depth === 8) ? Buffer.alloc(header.length + width * height) : null;
  pgm?.set(header);
  const rowOf = (y) => pgm.subarray(header.length + y * width, header.length + (y + 1) * width);
  let prev = new Uint8Array(rowBytes);
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

/** Binary PGM (P5) or PPM (P6), 8-bit, as pdftoppm writes a rendered page: the same result as decodePng. */
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

/** A grey thumbnail of every `step`-th pixel of every `step`-th row, filled row by row by `sample`. */
function thumbnailer(width, height, palette = null) {
  const step = Math.max(1, Math.round(width / THUMB_WIDTH));
  const tw = Math.floor((width + step - 1) / step);
  const th = Math.floor((height + step - 1) / step);
  const grey = new Uint8Array(tw * th);
  /** Row y's pixels start at row[0], `bpp` bytes each; the first byte is grey, red or a 16-bit high byte. */
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

/** Copies an RGB row's grey values into `out`; false at the first pixel that is not grey. */
function greyRow(rgb, out) {
  for (let x = 0, i = 0; x < out.length; x++, i += 3) {
    const g = rgb[i];
    if (rgb[i + 1] !== g || rgb[i + 2] !== g) return false;
    out[x] = g;
  }
  return true;
}

/** One row: `line` (filtered) into `cur`, given the row above in `prev` (zeros for the first). */
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

/** Otsu's threshold of a grey image (the level that best splits ink from paper). */
function otsu(grey) {
  const hist = new Float64Array(256);
  for (const v of grey) hist[v]++;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    below += hist[t];
    if (below === 0 || below === grey.length) continue;
    sumBelow += t * hist[t];
    const above = grey.length - below;
    const diff = sumBelow / below - (sum - sumBelow) / above;
    const between = below * above * diff * diff;
    if (between > best) [best, threshold] = [between, t];
  }
  return threshold;
}

/** Dark samples kept for the projection (enough for a page of text; beyond that, every k-th). */
const MAX_POINTS = 30_000;

/** How sharp the horizontal projection of the points is when read at `degrees` (sum of squares). */
function sharpness(points, bins, height, width, degrees) {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(Math.abs(slope) * width) + 1;
  bins.fill(0, 0, height + 2 * offset);
  for (let i = 0; i < points.length; i += 2) bins[(points[i + 1] - points[i] * slope + offset) | 0]++;
  let score = 0;
  for (let i = 0; i < height + 2 * offset; i++) score += bins[i] * bins[i];
  return score;
}

/**
 * The skew in degrees of a grey thumbnail (positive: turned clockwise, text lines falling to the
 * right), or 0 when it cannot be told (too little ink, no angle clearly better than none).
 */
function skewOf({ grey, width, height }) {
  const threshold = otsu(grey);
  let dark = 0;
  for (const v of grey) if (v < threshold) dark++;
  // Too little ink to tell, or mostly dark (a photo, an inverted page): leave it to tesseract.
  if (dark < 200 || dark > grey.length * 0.4) return 0;
  const every = Math.ceil(dark / MAX_POINTS);
  const points = new Int32Array(2 * Math.ceil(dark / every));
  let n = 0;
  let seen = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (grey[y * width + x] < threshold && seen++ % every === 0) {
        points[n++] = x;
        points[n++] = y;
      }
  const bins = new Float64Array(height + 2 * width + 4);
  const score = (deg) => sharpness(points.subarray(0, n), bins, height, width, deg);
  let best = 0;
  let bestScore = score(0);
  const level = bestScore;
  const search = (from, to, by) => {
    for (let deg = from; deg <= to + 1e-9; deg += by) {
      const s = score(deg);
      if (s > bestScore) [best, bestScore] = [deg, s];
    }
  };
  search(-MAX_DEGREES, MAX_DEGREES, 0.5);
  const coarse = best;
  search(coarse - 0.5, coarse + 0.5, 0.1);
  const fine = best;
  search(fine - 0.1, fine + 0.1, 0.02);
  // A page without lines of text has no clear best: keep it as it is.
  return bestScore > level * 1.05 ? Math.round(best * 100) / 100 : 0;
}

/** Credible resolutions (tesseract's own bounds: outside them it estimates one from the text). */
const MIN_DPI = 70;
const MAX_DPI = 2400;

/**
 * A page image as the worker hands it to tesseract: `skew` in degrees (0 when it cannot be told),
 * `image` (a PGM for a grey page, else the input as it is) and `dpi` (0: let tesseract estimate
 * one). `renderDpi` is the resolution a PDF page was rendered at (a PNM states none). A PNG or PNM
 * this cannot read, or larger than `maxPixels` (../limits.ts), goes to tesseract unchanged, which
 * reports what is wrong.
 */
function readPage(input, renderDpi = 0, maxPixels = Infinity) {
  let decoded = null;
  try {
    decoded = decodePng(input, maxPixels) ?? decodePnm(input, maxPixels);
  } catch {
    decoded = null; // damaged: tesseract says so when it reads the page
  }
  const stated = renderDpi || decoded?.dpi || 0;
  if (!decoded) return { skew: 0, image: input, dpi: renderDpi };
  // A PNG passed on as it is keeps its own resolution (Leptonica reads it); a PGM needs it said.
  const dpi = (decoded.pgm || renderDpi) && stated >= MIN_DPI && stated <= MAX_DPI ? stated : 0;
  return { skew: skewOf(decoded.thumb), image: decoded.pgm ?? input, dpi };
}

module.exports = { readPage };
