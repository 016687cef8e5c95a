'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, run by bare Node in the sandbox */
// The skew of a page image, cheaply, so that the OCR worker rotates only the pages that need it.
// Tesseract's own layout analysis (the CLI's default, page segmentation mode 3) copes with a
// degree or two but finds an "Empty page" on a scan turned by 3° or more; tesseract.js's
// `rotateAuto` asks that same analysis for the angle, so it cannot help there and costs a layout
// pass and a second decode on every page. Here: the page's PNG is decoded in plain JS (zlib is
// Node's; only 8/16-bit, non-interlaced PNG: what sharp and pdftoppm write), every few pixels are
// sampled, and the angle whose horizontal projection of the dark samples is sharpest (text lines
// fall into few rows) wins. About 30–60 ms for an A4 page at 300 dpi.
const { inflateSync } = require('node:zlib');

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** Above this the page is not examined (the OCR itself will refuse or be killed). */
const MAX_PIXELS = 2 ** 28;
/** Samples per row of the thumbnail the angle is measured on. */
const THUMB_WIDTH = 800;
const MAX_DEGREES = 8;

/** Channels per colour type (PNG spec, table 11.1); palette is 1 with a lookup. */
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** PNG → a grey thumbnail (every `step`-th pixel of every `step`-th row), or null if unsupported. */
function pngThumbnail(buf) {
  if (buf.length < 33 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let width = 0;
  let height = 0;
  let depth = 0;
  let type = 0;
  let palette = null;
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
    else if (kind === 'IDAT') idat.push(data);
    else if (kind === 'IEND') break;
    at += 12 + length;
  }
  const channels = CHANNELS[type];
  if (!channels || (depth !== 8 && depth !== 16) || (type === 3 && (depth !== 8 || !palette))) return null;
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) return null;
  const bpp = channels * (depth / 8);
  const rowBytes = width * bpp;
  const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: height * (rowBytes + 1) });
  if (raw.length < height * (rowBytes + 1)) return null;

  const step = Math.max(1, Math.round(width / THUMB_WIDTH));
  const tw = Math.floor((width + step - 1) / step);
  const th = Math.floor((height + step - 1) / step);
  const grey = new Uint8Array(tw * th);
  let prev = new Uint8Array(rowBytes);
  let cur = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const start = y * (rowBytes + 1) + 1;
    // Unfilter (PNG spec, section 9): each row depends on the one above, so every row is decoded.
    unfilter(raw[start - 1], raw.subarray(start, start + rowBytes), cur, prev, bpp);
    if (y % step === 0) {
      const row = (y / step) * tw;
      // The first byte of a pixel: grey, red, or the high byte of a 16-bit sample.
      for (let tx = 0; tx < tw; tx++) {
        const v = cur[tx * step * bpp];
        grey[row + tx] = palette ? (palette[v * 3] + palette[v * 3 + 1] + palette[v * 3 + 2]) / 3 : v;
      }
    }
    [prev, cur] = [cur, prev];
  }
  return { grey, width: tw, height: th };
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
 * The page's skew in degrees (positive: turned clockwise, text lines falling to the right), or 0
 * when it cannot be told (not a PNG we read, too little ink, no angle clearly better than none).
 */
function skewDegrees(image) {
  let thumb;
  try {
    thumb = pngThumbnail(image);
  } catch {
    return 0; // a damaged PNG: tesseract reports it when it reads the page
  }
  if (!thumb) return 0;
  const { grey, width, height } = thumb;
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

module.exports = { skewDegrees, pngThumbnail };
