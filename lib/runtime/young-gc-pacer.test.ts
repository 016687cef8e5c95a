import { describe, expect, it } from 'vitest';
import { waitFor } from '@/tests/support/wait-for';
import { startYoungGcPacer } from './young-gc-pacer';

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const arrayBuffers = () => process.memoryUsage().arrayBuffers;

describe('startYoungGcPacer', () => {
  it('does nothing while ArrayBuffer memory stays level', async () => {
    const pacer = startYoungGcPacer({ stepBytes: 8 * MiB, intervalMs: 5 });
    await sleep(1000); // a fixed wait, to show that nothing happens: some 200 looks of the pacer
    pacer.stop();
    expect(pacer.collections()).toBe(0);
  });

  it('collects the young generation as dropped buffers pile up, which frees their memory', async () => {
    const pacer = startYoungGcPacer({ stepBytes: 8 * MiB, intervalMs: 5 });
    const start = arrayBuffers();
    // Like an upload: 64 KiB chunks received, written and dropped, 4 MiB a round, with the event
    // loop turning between rounds as between socket reads; their small wrappers alone would never
    // make V8 collect them.
    for (let round = 0; pacer.collections() < 2; round++) {
      expect(round).toBeLessThan(100); // 400 MiB without two collections: the pacer does not work
      for (let i = 0; i < 64; i++) Buffer.alloc(64 * 1024, i).fill(round);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The collected buffers are released by V8's sweeper just after: then what is left held is well
    // under one step.
    await waitFor(
      () => arrayBuffers() - start,
      (held) => held < 8 * MiB,
      { timeoutMs: 5_000, intervalMs: 10 },
    );
    pacer.stop();
  });
});
