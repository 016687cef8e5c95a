import { describe, expect, it } from 'vitest';
import { startYoungGcPacer } from './young-gc-pacer';

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const arrayBuffers = () => process.memoryUsage().arrayBuffers;

describe('startYoungGcPacer', () => {
  it('does nothing while ArrayBuffer memory stays level', async () => {
    const pacer = startYoungGcPacer({ stepBytes: 8 * MiB, intervalMs: 5 });
    await sleep(100);
    pacer.stop();
    expect(pacer.collections()).toBe(0);
  });

  it('collects the young generation as dropped buffers pile up, which frees their memory', async () => {
    const pacer = startYoungGcPacer({ stepBytes: 8 * MiB, intervalMs: 5 });
    const start = arrayBuffers();
    // Like an upload: 64 KiB chunks received, written and dropped; their small wrappers alone
    // would never make V8 collect them.
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 64; i++) Buffer.alloc(64 * 1024, i).fill(round);
      await sleep(10);
    }
    await sleep(100);
    pacer.stop();
    expect(pacer.collections()).toBeGreaterThanOrEqual(2);
    // 80 MiB went through; what is left held is well under one step.
    expect(arrayBuffers() - start).toBeLessThan(8 * MiB);
  });
});
