import type { IncomingMessage, ServerResponse } from 'node:http';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { v8Gc } from './v8-gc';

// Why the web process asks V8 for young-generation collections itself.
//
// Every chunk a socket delivers (an upload's body) arrives in a new Buffer whose bytes live outside
// V8's heap. They are freed only when their small JS wrappers are collected, and the wrappers alone
// never fill the young generation, so nothing frees them until V8's external-memory limit forces a
// full mark-compact of the whole old heap (Next, Prisma: ~55 MB live in the web process): one every
// ~64 MiB received, about half a second of main-thread CPU per GiB uploaded (bench/uploads.ts). A
// young-generation collection frees the same buffers in about a millisecond. So while ArrayBuffer
// memory grows, a timer runs one each time it has grown by `stepBytes`.
//
// The timer runs only while some body is arriving: a process woken every 20 ms for nothing spent
// 5–12 ms of CPU a second idle on this kind of machine (bench/RESULTS.md, "Idle CPU").
//
// Some buffers still outlive two young collections and are promoted: about 0.7 MB per one-request
// conversion here, garbage soon after. Against its own limit (64 MiB above what the last full
// collection left) that made a full collection every ~55 conversions, each ~100 ms of CPU. So
// external memory is counted against the heap's global limit instead, the one heap-growth.ts
// raises while there is work: two full collections instead of five or six per 300 conversions,
// 1–2 ms less CPU per conversion, for up to ~120 MB more garbage held under load (bench/RESULTS.md,
// "Full collections, counted against the heap's limit"). A quiet process collects it
// (heap-growth.ts, COLLECT_AFTER_IDLE_MS).
const EXTERNAL_MEMORY_IN_GLOBAL_LIMIT = '--external-memory-accounted-in-global-limit';

const MiB = 1024 * 1024;

// The bytes outside V8's heap that it accounts for (ArrayBuffers above all), as V8 counts them:
// `process.memoryUsage().arrayBuffers` says the same but reads /proc/self/stat for its RSS on every
// look, 7 µs on an idle machine and a visible share of a conversion's CPU under load.
const externalBytes = () => getHeapStatistics().external_memory;

export type YoungGcPacer = {
  /** Web server, per request: paces while the request's body arrives. */
  paceWhileBody(req: IncomingMessage, res: ServerResponse): void;
  /** Paces until the returned release is called (once; later calls do nothing). */
  hold(): () => void;
  /** Whether the timer runs now. */
  pacing(): boolean;
  collections(): number;
  stop(): void;
};

/** An HTTP/1.1 request has a body when it says its length (more than 0) or its chunking. */
const hasBodyToCome = (req: IncomingMessage) =>
  !req.complete && (Number(req.headers['content-length']) > 0 || req.headers['transfer-encoding'] !== undefined);

export function startYoungGcPacer(options: { stepBytes?: number; intervalMs?: number } = {}): YoungGcPacer {
  const { stepBytes = 24 * MiB, intervalMs = 20 } = options;
  setFlagsFromString(EXTERNAL_MEMORY_IN_GLOBAL_LIMIT);
  const gc = v8Gc();
  let collections = 0;
  let holds = 0;
  let floor = externalBytes();
  let timer: NodeJS.Timeout | undefined;
  const look = () => {
    const now = externalBytes();
    // Freed buffers are released by a concurrent sweeper shortly after the collection, so the floor
    // follows the level down as it falls and is raised to it only after a collection.
    if (now < floor) floor = now;
    if (now - floor < stepBytes) return;
    gc({ type: 'minor' });
    collections++;
    floor = now;
  };
  // The level is compared with the floor across bodies, and looked at as each one ends: bodies
  // shorter than the interval would otherwise pile up unseen (a 2.8 MB upload takes ~10 ms).
  const hold = () => {
    if (holds++ === 0) timer = setInterval(look, intervalMs).unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      look();
      if (--holds > 0) return;
      clearInterval(timer);
      timer = undefined;
    };
  };
  return {
    // Until the body's end, or the response's 'close' for a body answered before it was read (a
    // 401 or 413): that request neither ends nor closes (lib/runtime/heap-growth.ts).
    paceWhileBody: (req, res) => {
      if (!hasBodyToCome(req)) return;
      const release = hold();
      req.once('end', release);
      res.once('close', release);
    },
    hold,
    pacing: () => timer !== undefined,
    collections: () => collections,
    stop: () => {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
