'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, run by bare Node in the sandbox */
// The request loop of every warm worker script (sharp/worker.cjs, ocr/worker.cjs): one JSON
// request per stdin line, one reply per stdout line (protocol in ./sandboxed-worker.ts). The
// worker is sandboxed: its pool binds this file next to the script (WORKER_LOOP in ./worker-loop.ts).

const readline = require('node:readline');

const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
const errorText = (e) => String((e && e.message) || e);

/**
 * Answers each request with `ops[req.op](req)`; `ready` (a promise, default resolved) is what the
 * worker does before it reports ready, e.g. loading a model.
 */
function serve(ops, ready = Promise.resolve()) {
  readline
    .createInterface({ input: process.stdin, crlfDelay: Infinity })
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
        send({ id: req.id, ok: false, error: errorText(e) });
      }
    })
    .on('close', () => process.exit(0));
  ready.then(
    () => send({ ready: true }),
    (e) => send({ ready: false, error: errorText(e) }),
  );
}

module.exports = { serve };
