import { recordProgress } from '@/lib/conversions/run-state';

/** How often progress is written at most, and how long a run works before its first write. */
const INTERVAL_MS = 250;

/**
 * Engine progress → database + listeners, throttled: only whole-percent increases, at most every
 * 250 ms, the first after 250 ms of work, so a conversion that finishes sooner writes no progress
 * at all (its completion says 100). Engines report 0–100; the stored value stays below 100 until
 * completion.
 */
export function reportProgress(id: bigint) {
  let sent = 0;
  let lastAt = Date.now();
  let held: number | undefined; // the last value the throttle held back
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();

  const write = (value: number) => {
    sent = value;
    lastAt = Date.now();
    held = undefined;
    chain = chain.then(() => recordProgress(id, value).then(() => {})).catch(() => {});
  };
  // A held value is written when its interval ends, so an engine that reports rarely still shows it.
  const writeHeld = () => {
    timer = undefined;
    if (held !== undefined) write(held);
  };

  return {
    update(percent: number) {
      if (percent >= 100) return; // the engine is done: completion writes 100 right after
      const value = Math.max(0, Math.min(99, Math.floor(percent)));
      if (value <= sent || value <= (held ?? 0)) return;
      if (Date.now() - lastAt >= INTERVAL_MS) return write(value);
      held = value;
      timer ??= setTimeout(writeHeld, lastAt + INTERVAL_MS - Date.now()).unref();
    },
    /**
     * Waits for the writes under way, before the caller writes the final state. A value the
     * throttle holds back is dropped: completion (100) supersedes it, and writing it would put one
     * more update and notification on the path of every short conversion.
     */
    async flush() {
      clearTimeout(timer);
      held = undefined;
      await chain;
    },
  };
}
