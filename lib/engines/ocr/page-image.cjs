// @ts-check
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, run by bare Node in the sandbox */
// The OCR worker reads each page once in plain JS (page-decode.cjs) for two things: its skew
// (page-skew.cjs), so that only the pages that need it are rotated, and, for a grey page, the same
// pixels as a PGM, which tesseract.js reads far faster than a PNG; the resolution goes along as
// `user_defined_dpi`.
const { decodePage } = require('./page-decode.cjs');
const { skewOf } = require('./page-skew.cjs');

/** Credible resolutions (tesseract's own bounds: outside them it estimates one from the text). */
const MIN_DPI = 70;
const MAX_DPI = 2400;

/**
 * A page as the worker hands it to tesseract.
 * @typedef {{ skew: number, image: Buffer, dpi: number }} Page
 */

/**
 * A page image as the worker hands it to tesseract: `skew` in degrees (0 when it cannot be told),
 * `image` (a PGM for a grey page, else the input as it is) and `dpi` (0: let tesseract estimate
 * one). `renderDpi` is the resolution a PDF page was rendered at (a PNM states none). A PNG or PNM
 * this cannot read, or larger than `maxPixels` (../limits.ts), goes to tesseract unchanged, which
 * reports what is wrong.
 * @param {Buffer} input
 * @param {number} [renderDpi]
 * @param {number} [maxPixels]
 * @returns {Page}
 */
function readPage(input, renderDpi = 0, maxPixels = Infinity) {
  let decoded = null;
  try {
    decoded = decodePage(input, maxPixels);
  } catch {
    decoded = null; // damaged: tesseract says so when it reads the page
  }
  if (!decoded) return { skew: 0, image: input, dpi: renderDpi };
  const stated = renderDpi || decoded.dpi || 0;
  // A PNG passed on as it is keeps its own resolution (Leptonica reads it); a PGM needs it said.
  const dpi = (decoded.pgm || renderDpi) && stated >= MIN_DPI && stated <= MAX_DPI ? stated : 0;
  return { skew: skewOf(decoded.thumb), image: decoded.pgm ?? input, dpi };
}

module.exports = { readPage };
