'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, run by bare Node in the sandbox */
// The warm sharp worker: runs inside its own bubblewrap sandbox (see pool.ts), sees only its
// exchange folder, and does what one JSON line asks (protocol in ../warm/sandboxed-worker.ts).
// It holds no policy: formats, options and limits come with each request from sharp-engine.ts.
// Plain CommonJS so that it runs on bare Node, outside any bundler.
const readline = require('node:readline');

const sharp = require(process.argv[2]);
sharp.concurrency(1);
sharp.cache(false); // a conversion service never reopens the same file: keep memory flat

const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');

const ops = {
  /** Header only: nothing is decoded, so a pixel flood costs nothing here. */
  async inspect(req) {
    const m = await sharp(req.in, { limitInputPixels: false, animated: true }).metadata();
    const { format, compression, width, height, pageHeight, pages } = m;
    return { meta: { format, compression, width, height, pageHeight, pages } };
  },
  async convert(req) {
    let image = sharp(req.in, { limitInputPixels: req.limitInputPixels, animated: req.animated, failOn: 'error' });
    image = image.autoOrient();
    if (req.flatten) image = image.flatten({ background: req.flatten });
    await image.toFormat(req.format, req.formatOptions).toFile(req.out);
    return {};
  },
};

readline.createInterface({ input: process.stdin, crlfDelay: Infinity })
  .on('line', async (line) => {
    let req;
    try {
      req = JSON.parse(line);
    } catch {
      return;
    }
    try {
      if (!Object.hasOwn(ops, req.op)) throw new Error(`unknown op ${req.op}`);
      send({ id: req.id, ok: true, ...(await ops[req.op](req)) });
    } catch (e) {
      send({ id: req.id, ok: false, error: String((e && e.message) || e) });
    }
  })
  .on('close', () => process.exit(0));

send({ ready: true });
