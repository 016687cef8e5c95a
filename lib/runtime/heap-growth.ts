import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { trimMallocHeap } from './malloc-trim';
import { v8Gc } from './v8-gc';

// V8 sets the old generation's next limit from how fast the program allocates against how fast it
// collects. Under load it settled on little more than the live heap (~31 MB in the worker), so
// marking for the next full collection began almost as soon as one ended: ~23 full collections per
// run of bench/png-to-webp.ts in the worker, a third of its CPU per conversion; in the web process,
// full collections one after another while a long tus PATCH streamed in. Letting the old generation
// grow to 3× its live size between full collections cut the worker's to 3 and made tus 60 % faster.
// Set for good, though, it left the processes larger when idle after load (web ~30 MB; the worker
// 0–60 MB from run to run), over the footprint target. V8 reads the setting each time it sets a new
// limit (after every full collection), so it is on only while there is work: a conversion job in the
// worker, a large request body in the web server (bench/RESULTS.md has the figures).
const GROWING = '--heap-growing-percent=200';
/** V8's own choice (0: the dynamic factor). */
const DEFAULT_GROWING = '--heap-growing-percent=0';
/** The gap between two jobs or two parts is not idleness: V8's default returns after this long with none. */
export const RELEASE_AFTER_MS = 2000;
// Work leaves its garbage in a heap grown for it, and an idle process runs no collection to free
// it: a web process running the worker stayed ~60 MB over its live size for as long as it was idle
// after 100 conversions (bench/RESULTS.md). So once it has been quiet this long, one collection,
// at most once per quiet spell: V8's memory-reducing one, which also gives back the young
// generation the work grew (a plain full collection left the process ~35 MB larger). It costs some
// tens of milliseconds of the main thread (~60 ms for 100 MB of live heap here), once.
export const COLLECT_AFTER_IDLE_MS = 10_000;
// Later in the same quiet spell, the malloc heap the work and the collection freed goes back to the
// system too (malloc-trim.ts). Not at once: the next work faults back in every page it takes again
// (about 80 MB over a burst of conversions, bench/RESULTS.md), which a pause of a few seconds
// between bursts should not cost. The footprint is read 25 s after the last job (bench/memory.ts).
export const TRIM_AFTER_IDLE_MS = 20_000;

// One state per process on globalThis: the web server's bundle holds the growth for a large body
// while Next's copy of this module holds it for a job, and V8's flag is one for both.
type HeapGrowth = {
  holders: number;
  growing: boolean;
  releaseTimer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
  idleCollections: number;
};
const KEY = Symbol.for('transmute.heapGrowth');
const shared = globalThis as { [KEY]?: HeapGrowth };
const state: HeapGrowth = (shared[KEY] ??= { holders: 0, growing: false, idleCollections: 0 });

/** Lets the old generation grow until the returned release is called (once per hold; repeats are ignored). */
export function holdHeapGrowth(): () => void {
  state.holders++;
  clearTimeout(state.releaseTimer);
  clearTimeout(state.idleTimer);
  if (!state.growing) setFlagsFromString(GROWING);
  state.growing = true;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--state.holders > 0) return;
    state.releaseTimer = setTimeout(() => {
      if (state.holders > 0) return;
      setFlagsFromString(DEFAULT_GROWING);
      state.growing = false;
      state.idleTimer = setTimeout(collectWhenIdle, COLLECT_AFTER_IDLE_MS - RELEASE_AFTER_MS);
      state.idleTimer.unref();
    }, RELEASE_AFTER_MS);
    state.releaseTimer.unref();
  };
}

function collectWhenIdle() {
  if (state.holders > 0) return;
  v8Gc()({ type: 'major', flavor: 'last-resort' });
  state.idleCollections++;
  // Work that comes first cancels it (holdHeapGrowth), as it does the collection.
  state.idleTimer = setTimeout(trimWhenIdle, TRIM_AFTER_IDLE_MS - COLLECT_AFTER_IDLE_MS);
  state.idleTimer.unref();
}

function trimWhenIdle() {
  if (state.holders === 0) void trimMallocHeap();
}

/** Runs `work` with the heap's growth held (the worker, around each conversion job). */
export async function withHeapGrowth<T>(work: () => Promise<T>): Promise<T> {
  const release = holdHeapGrowth();
  try {
    return await work();
  } finally {
    release();
  }
}

/**
 * A body this large is an upload worth the growth; small requests (JSON, a form) never hold it. A
 * web process apart from the worker took 29–40 ms of CPU per one-request conversion of a 2.8 MB
 * PNG at ×2, most of it in full collections, while only 8 MiB bodies held it (bench/RESULTS.md).
 */
export const LARGE_BODY_BYTES = 1024 * 1024;

/** Web server, per request: holds the growth until the answer to a large body is over. */
export function growHeapWhileLargeBody(req: IncomingMessage, res: ServerResponse): void {
  if (!(Number(req.headers['content-length']) >= LARGE_BODY_BYTES)) return;
  // The response's 'close' comes exactly once: when it is sent, or when the client is gone. (The
  // request's own 'close' never comes for a body answered before it was read: a 401 or 413.)
  res.once('close', holdHeapGrowth());
}

/** How many holds are open, and whether the growth is on (for tests). */
export const heapGrowthState = () => ({ holders: state.holders, growing: state.growing });

/** How many full collections a quiet spell after work has run (for tests). */
export const idleCollectionCount = () => state.idleCollections;
