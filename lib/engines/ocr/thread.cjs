'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, run by bare Node in the sandbox */
// tesseract.js's worker thread with the WebAssembly build chosen by worker.cjs (its `workerPath`).
// tesseract.js 7's own Node entry picks the build by comparing a boolean with the OEM numbers, so
// it always loads the full build (legacy engine + LSTM) even for LSTM_ONLY; here the build is
// named, and otherwise this is that entry (src/worker-script/node/index.js) without the network:
// the traineddata comes from the local tessdata folder, so `fetch` refuses.
const { parentPort } = require('node:worker_threads');
const path = require('node:path');

const packageDir = process.env.OCR_TESSJS_DIR;
const corePath = process.env.OCR_TESSJS_CORE;
const script = (name) => require(path.join(packageDir, 'src/worker-script', name));
const worker = script('index.js');

parentPort.on('message', (packet) => worker.dispatchHandlers(packet, (obj) => parentPort.postMessage(obj)));
worker.setAdapter({
  getCore: async () => require(corePath),
  gunzip: script('node/gunzip.js'),
  fetch: async (url) => {
    throw new Error(`no network in the OCR worker (asked for ${url})`);
  },
  ...script('node/cache.js'),
});
