import { log } from '@/lib/log/logger';

// The Node processes allocate with glibc's malloc, which keeps the pages it has once had: an
// upload's 64 KiB blocks, freed among blocks still in use, left 70–110 MB of the all-in-one process's
// heap idle after a load. `malloc_trim(0)` hands every free page of it back. It runs once per quiet
// spell, after V8's memory-reducing collection (heap-growth.ts), and never under load: there a freed
// page is reused without a page fault, which on this kind of virtual machine costs 5–35 µs (an
// allocator that gives pages back as it goes, jemalloc, faulted 10–20 times as often:
// bench/RESULTS.md, "The allocator's page faults"). Node has no foreign-function interface of its
// own; koffi (prebuilt) calls the C library's function.

type Trim = (pad: number) => number;

// One binding per process on globalThis: the web server's bundle and Next's copy of lib/ both call it.
const KEY = Symbol.for('transmute.mallocTrim');
const shared = globalThis as { [KEY]?: Promise<Trim | null> };

/** Loaded on first use, not on import: only a process that goes quiet after work needs it. */
async function bind(): Promise<Trim | null> {
  try {
    const { default: koffi } = await import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t)') as Trim;
  } catch (err) {
    // Not glibc (musl has no malloc_trim), or no prebuilt koffi for this platform: nothing to trim.
    log.warn({ err }, '[runtime] malloc_trim is not available; idle processes keep their freed heap');
    return null;
  }
}

/** Gives glibc's free heap pages back to the system (nothing where there is no glibc to ask). */
export async function trimMallocHeap(): Promise<void> {
  const trim = await (shared[KEY] ??= bind());
  trim?.(0);
}
