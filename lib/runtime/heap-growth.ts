import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';

// V8 sets the old generation's next limit from how fast the program allocates against how fast it
// collects. For the worker it settled on little more than the live heap (~31 MB), so marking for
// the next full collection began almost as soon as one ended: ~23 full collections per run of
// bench/png-to-webp.ts, a third of the worker's CPU per conversion. Letting the old generation grow
// to 3× its live size between full collections cut them to 3, and its idle PSS did not change
// (bench/RESULTS.md). V8 reads the setting each time it sets a new limit (after every full
// collection), so it can also be switched on and off while the process runs.
const GROWING = `--heap-growing-percent=200`;
/** V8's own choice (0: the dynamic factor). */
const DEFAULT_GROWING = `--heap-growing-percent=0`;

/** Called first thing by the worker process (scripts/worker.ts): the setting for its whole life. */
export function setHeapGrowth(): void {
  setFlagsFromString(GROWING);
}

// The web server: the same tight limit made it run full collections one after another while a long
// body streamed in (a tus PATCH spent more CPU in them than in its writes), but set for good it left
// the process ~30 MB larger when idle after load, over the footprint target. So it is on only while a
// large body arrives, and V8's default is back for the first full collection after the last one.
// Small requests (a 3 MB image, every JSON call) never switch it. A part of the parts API is 8 MiB.
export const LARGE_BODY_BYTES = 8 * 1024 * 1024;
let largeBodies = 0;

/** Web server, per request: lets the heap grow as the worker's does until the answer to a large body is over. */
export function growHeapWhileLargeBody(req: IncomingMessage, res: ServerResponse): void {
  if (!(Number(req.headers['content-length']) >= LARGE_BODY_BYTES)) return;
  if (largeBodies++ === 0) setFlagsFromString(GROWING);
  // The response's 'close' comes exactly once: when it is sent, or when the client is gone. (The
  // request's own 'close' never comes for a body answered before it was read: a 401 or 413.)
  res.once('close', () => {
    if (--largeBodies === 0) setFlagsFromString(DEFAULT_GROWING);
  });
}

/** How many large bodies hold the growth on (for tests). */
export const largeBodiesArriving = () => largeBodies;
