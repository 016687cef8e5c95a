'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, run by bare Node in the sandbox */
// The warm OCR worker: tesseract.js (WebAssembly) inside its own bubblewrap sandbox (see pool.ts):
// no network, only its exchange folder writable, the traineddata read from the system's
// tessdata folder (`langPath` local, `cacheMethod: 'none'`: nothing is fetched or written).
// It holds no policy: languages, outputs and the page size it examines come with each request from
// ../ocr-engine.ts.
const { readFile, writeFile } = require('node:fs/promises');
const path = require('node:path');
const { serve } = require('../warm/serve.cjs');
const { readPage } = require('./page-image.cjs');

const packageDir = process.argv[2];
const { createWorker, OEM, PSM } = require(packageDir);
const langPath = process.argv[3];

/**
 * The WebAssembly build, named rather than left to tesseract.js (see thread.cjs): LSTM-only (the
 * Debian models are LSTM; the build without the legacy engine is smaller), with relaxed SIMD
 * where the runtime has it (Node 24 does), else plain SIMD.
 */
async function coreBuild() {
  const features = require(require.resolve('wasm-feature-detect', { paths: [packageDir] }));
  const name = (await features.relaxedSimd()) ? 'tesseract-core-relaxedsimd-lstm' : 'tesseract-core-simd-lstm';
  return require.resolve(`tesseract.js-core/${name}`, { paths: [packageDir] });
}

/** Pages turned by less than this are left to tesseract's layout analysis (it copes with that). */
const DESKEW_FROM_DEGREES = 0.75;
/**
 * Per page: automatic page segmentation, as the tesseract CLI does (the API's default is a single
 * block, which reads a two-column page across the columns).
 */
const PAGE_PARAMS = { tessedit_pageseg_mode: PSM.AUTO };

let tesseract;
let loaded;
/** The tesseract worker, initialised for `langs` ("eng+deu"); reloading costs only the traineddata. */
async function withLanguages(langs) {
  if (!tesseract) {
    process.env.OCR_TESSJS_DIR = packageDir; // read by thread.cjs (a worker thread gets a copy of env)
    process.env.OCR_TESSJS_CORE = await coreBuild();
    tesseract = await createWorker(langs, OEM.LSTM_ONLY, {
      workerPath: path.join(__dirname, 'thread.cjs'),
      langPath,
      gzip: false,
      cacheMethod: 'none',
      legacyCore: false,
      legacyLang: false,
    });
  } else if (loaded !== langs) await tesseract.reinitialize(langs, OEM.LSTM_ONLY);
  loaded = langs;
  return tesseract;
}

const ops = {
  /**
   * One page image (PNG, BMP, or a rendered PDF page as PPM with its `dpi`) → its text, and with
   * `pdfOut` a one-page PDF (the image, or only the text layer).
   */
  async recognize(req) {
    const worker = await withLanguages(req.langs);
    // A Buffer, never a path: tesseract.js would fetch a string that looks like a URL.
    const page = readPage(await readFile(req.in), req.dpi, req.maxPixels);
    // Deskew: tesseract rotates the decoded page by this much before reading it, so an image's
    // PDF page shows the straightened scan (a text-only layer follows the straightened reading).
    const rotateRadians = Math.abs(page.skew) >= DESKEW_FROM_DEGREES ? (-page.skew * Math.PI) / 180 : 0;
    const options = {
      ...PAGE_PARAMS,
      ...(page.dpi ? { user_defined_dpi: String(page.dpi) } : {}),
      rotateRadians,
      pdfTitle: 'OCR',
      pdfTextOnly: Boolean(req.textOnly),
    };
    const { data } = await worker.recognize(page.image, options, { text: true, pdf: Boolean(req.pdfOut) });
    if (req.pdfOut) await writeFile(req.pdfOut, Buffer.from(data.pdf));
    return { text: data.text, skew: page.skew };
  },
};

// Warm: load the default language before reporting ready, so the first job pays no start.
serve(ops, withLanguages('eng'));
