import { db } from '@/lib/db';
import { publishConversionEvent } from '@/lib/conversions/conversion-events';

/**
 * Engine progress → database + listeners, throttled: only whole-percent increases, at most
 * every 250 ms. Engines report 0–100; the stored value stays below 100 until completion.
 */
export function reportProgress(id: bigint) {
  let sent = 0;
  let lastAt = 0;
  let chain: Promise<void> = Promise.resolve();

  const write = (value: number) => {
    chain = chain
      .then(async () => {
        await db.conversion.updateMany({ where: { id, status: 'processing' }, data: { progress: value } });
        await publishConversionEvent({ id: String(id), status: 'processing', progress: value });
      })
      .catch(() => {});
  };

  return {
    update(percent: number) {
      if (percent >= 100) return; // the engine is done: completion writes 100 right after
      const value = Math.max(0, Math.min(99, Math.floor(percent)));
      if (value <= sent) return;
      const now = Date.now();
      if (now - lastAt < 250) return; // a later report (or completion) carries it
      sent = value;
      lastAt = now;
      write(value);
    },
    /**
     * Waits for the writes under way, before the caller writes the final state. A value the
     * throttle held back is not written: completion (100) supersedes it, and writing it would put
     * one more update and notification on the path of every short conversion.
     */
    async flush() {
      await chain;
    },
  };
}
