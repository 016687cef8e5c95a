// @ts-check
'use strict';
// The skew of a page, estimated cheaply on its grey thumbnail (page-decode.cjs), so that the OCR
// worker rotates only the pages that need it. Tesseract's own layout analysis (the CLI's default,
// page segmentation mode 3) copes with a degree or two but finds an "Empty page" on a scan turned
// by 3° or more; tesseract.js's `rotateAuto` asks that same analysis for the angle, so it cannot
// help there and costs a layout pass and a second decode on every page. Here the dark samples of
// the thumbnail are projected horizontally at each candidate angle, and the angle whose projection
// is sharpest (text lines fall into few rows) wins: 30–60 ms for an A4 page.

/** @typedef {import('./page-decode.cjs').Thumbnail} Thumbnail */

const MAX_DEGREES = 8;
/** Dark samples kept for the projection (enough for a page of text; beyond that, every k-th). */
const MAX_POINTS = 30_000;

/**
 * Otsu's threshold of a grey image (the level that best splits ink from paper).
 * @param {Uint8Array} grey
 * @returns {number}
 */
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

/**
 * How sharp the horizontal projection of the points is when read at `degrees` (sum of squares).
 * @param {Int32Array} points x, y pairs
 * @param {Float64Array} bins scratch, at least `height + 2 * width + 4` long
 * @param {number} height
 * @param {number} width
 * @param {number} degrees
 * @returns {number}
 */
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
 * @param {Thumbnail} thumb
 * @returns {number}
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
  const score = (/** @type {number} */ deg) => sharpness(points.subarray(0, n), bins, height, width, deg);
  let best = 0;
  let bestScore = score(0);
  const level = bestScore;
  /** Tries every angle from `from` to `to` by `by` degrees, keeping the sharpest. */
  const search = (/** @type {number} */ from, /** @type {number} */ to, /** @type {number} */ by) => {
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

module.exports = { skewOf };
