// Polling for asynchronous work (jobs, processes, servers), for every test tier: no server imports,
// so the Playwright specs use it too.
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const show = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));

/** Reads until `done(value)` holds and returns that value; past `timeoutMs` throws with the last value read. */
export async function waitFor<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  { timeoutMs = 30_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`still waiting after ${timeoutMs} ms; last value ${show(value)}`);
    await sleep(intervalMs);
  }
}
