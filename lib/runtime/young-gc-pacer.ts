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

const MiB = 1024 * 1024;

export type YoungGcPacer = { collections(): number; stop(): void };

export function startYoungGcPacer(options: { stepBytes?: number; intervalMs?: number } = {}): YoungGcPacer {
  const { stepBytes = 24 * MiB, intervalMs = 20 } = options;
  const gc = v8Gc();
  let collections = 0;
  let floor = process.memoryUsage().arrayBuffers;
  const timer = setInterval(() => {
    const now = process.memoryUsage().arrayBuffers;
    // Freed buffers are released by a concurrent sweeper shortly after the collection, so the floor
    // follows the level down as it falls and is raised to it only after a collection.
    if (now < floor) floor = now;
    if (now - floor < stepBytes) return;
    gc({ type: 'minor' });
    collections++;
    floor = now;
  }, intervalMs);
  timer.unref();
  return { collections: () => collections, stop: () => clearInterval(timer) };
}
