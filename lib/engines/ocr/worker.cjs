'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, run by bare Node in the sandbox */
// The warm OCR worker: tesseract.js (WebAssembly) inside its own bubblewrap sandbox (see pool.ts):
// no network, only its exchange folder writable, the traineddata read from the system's
// tessdata folder (`langPath` local, `cacheMethod: 'none'`: nothing is fetched or written).
// It holds no policy: languages and outputs come with each request from ../ocr-engine.ts.
const { readFile, writeFile } = require('node:fs/promises');
const { serve } = require('../warm/serve.cjs');

const { createWorker, OEM } = require(process.argv[2]);
const langPath = process.argv[3];
const loadOptions = { langPath, gzip: false, cacheMethod: 'none', legacyCore: false, legacyLang: false };

let tesseract;
let loaded;
/** The tesseract worker, initialised for `langs` ("eng+deu"); reloading costs only the traineddata. */
async function withLanguages(langs) {
  if (!tesseract) tesseract = await createWorker(langs, OEM.LSTM_ONLY, loadOptions);
  else if (loaded !== langs) await tesseract.reinitialize(langs, OEM.LSTM_ONLY, loadOptions);
  loaded = langs;
  return tesseract;
}

const ops = {
  /** One page image → its text, and with `pdfOut` a one-page PDF (the image, or only the text layer). */
  async recognize(req) {
    const worker = await withLanguages(req.langs);
    // A Buffer, never a path: tesseract.js would fetch a string that looks like a URL.
    const image = await readFile(req.in);
    const options = { rotateAuto: true, pdfTitle: 'OCR', pdfTextOnly: Boolean(req.textOnly) };
    const { data } = await worker.recognize(image, options, { text: true, pdf: Boolean(req.pdfOut) });
    if (req.pdfOut) await writeFile(req.pdfOut, Buffer.from(data.pdf));
    return { text: data.text };
  },
};

// Warm: load the default language before reporting ready, so the first job pays no start.
serve(ops, withLanguages('eng'));
