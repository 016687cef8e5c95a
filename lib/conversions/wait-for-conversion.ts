import { type ConversionEvent, conversionEventsHeard } from '@/lib/conversions/conversion-events';
import { isTerminal } from '@/lib/domain/conversion-status';

/** A conversion's end, heard from the moment the watch was made; `stop` ends the subscription. */
export type ConversionWatch = {
  /** The terminal event within `timeoutMs` (or until `signal` aborts), or null: still running. */
  ended: (timeoutMs: number, signal?: AbortSignal) => Promise<ConversionEvent | null>;
  stop: () => void;
};

/**
 * A watcher that subscribes to a conversion's events at once when called, over the conversion
 * events bus. Watched before its job is queued, a conversion cannot end unheard, so waiting for it
 * needs no read of its row (the worker notifies after it writes).
 */
export async function conversionWatcher(): Promise<(id: bigint) => ConversionWatch> {
  const subscribe = await conversionEventsHeard();
  return (id) => {
    let end: ConversionEvent | null = null;
    let wake = () => {};
    const stop = subscribe(String(id), (e) => {
      if (end || !isTerminal(e.status)) return;
      end = e;
      wake();
    });
    const ended = async (timeoutMs: number, signal?: AbortSignal) => {
      if (end || signal?.aborted) return end;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        signal?.addEventListener('abort', done, { once: true });
        wake = done;
      });
      return end;
    };
    return { ended, stop };
  };
}
