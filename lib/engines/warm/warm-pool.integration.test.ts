import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEnv } from '@/tests/support/env';
import { waitFor } from '@/tests/support/wait-for';
import { createWarmPool, type WarmPool } from './warm-pool';
import type { WorkerSpec } from './sandboxed-worker';

// The pool's sizing with a trivial sandboxed worker (plain Node answering each request).
const ECHO = `
  const rl = require('node:readline').createInterface({ input: process.stdin });
  rl.on('line', (l) => process.stdout.write(JSON.stringify({ id: JSON.parse(l).id, ok: true }) + '\\n'));
  rl.on('close', () => process.exit(0));
  process.stdout.write('{"ready":true}\\n');`;

let parentDir: string;
const pools: WarmPool[] = [];
beforeAll(async () => {
  parentDir = await mkdtemp(path.join(os.tmpdir(), 'warm-pool-'));
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.shutdown()));
  await rm(parentDir, { recursive: true, force: true });
});

const spec = (): WorkerSpec => ({
  name: 'echo',
  parentDir,
  command: process.execPath,
  args: () => ['-e', ECHO],
  extraRoBinds: [process.execPath],
  memoryLimitBytes: 4 * 1024 ** 3,
  startTimeoutMs: 30_000,
});

const pool = (idle?: { afterMs: number; keep: number }, maxJobs = 100) => {
  const p = createWarmPool({ engine: 'test', size: 3, maxJobs, spec, idle });
  pools.push(p);
  return p;
};
const running = (p: WarmPool) => p.status().filter((s) => s.dir).length;
const job = (p: WarmPool) => p.withWorker((w) => w.request({ op: 'echo' }, { timeoutMs: 10_000 }));

describe('warm pool', () => {
  it('never runs more workers than slots', async () => {
    const p = pool();
    await Promise.all(Array.from({ length: 8 }, () => job(p)));
    expect(running(p)).toBeLessThanOrEqual(3);
  });

  it('stops workers left idle beyond the ones it keeps, and starts them again on demand', async () => {
    const p = pool({ afterMs: 300, keep: 1 });
    await p.warmUp();
    expect(running(p)).toBe(3);
    await waitFor(
      () => running(p),
      (n) => n === 1,
      { timeoutMs: 10_000 },
    );
    // One at a time, jobs go to the running worker rather than starting one in an empty slot.
    for (let i = 0; i < 3; i++) expect((await job(p)).ok).toBe(true);
    expect(running(p)).toBe(1);
    await Promise.all(Array.from({ length: 3 }, () => job(p)));
    expect(running(p)).toBeGreaterThan(1);
    await waitFor(
      () => running(p),
      (n) => n === 1,
      { timeoutMs: 10_000 },
    );
  });

  it('stops every worker, the last one too, once unused for ENGINE_IDLE_SECONDS, and starts one on the next job', async () => {
    const p = pool(); // no surplus policy: before the engine idle time, every worker stays
    await withEnv({ ENGINE_IDLE_SECONDS: '0.5' }, async () => {
      await Promise.all(Array.from({ length: 2 }, () => job(p)));
      expect(running(p)).toBe(2);
      await waitFor(
        () => running(p),
        (n) => n === 0,
        { timeoutMs: 10_000 },
      );
      expect((await job(p)).ok).toBe(true);
      expect(running(p)).toBe(1);
    });
  });

  it("starts a spent worker's successor without waiting for a job, and stops that one too once idle", async () => {
    const p = pool(undefined, 2);
    await withEnv({ ENGINE_IDLE_SECONDS: '1' }, async () => {
      await job(p);
      const first = p.status().find((s) => s.dir)!.dir;
      await job(p); // its second job: the worker has served its budget
      expect(p.status().some((s) => s.dir === first)).toBe(false);
      const successor = await waitFor(
        () => p.status().find((s) => s.dir)?.dir,
        (dir) => dir !== undefined,
        { timeoutMs: 10_000 },
      );
      expect(successor).not.toBe(first);
      // Unused, it is stopped after the engine idle time like any worker.
      await waitFor(
        () => running(p),
        (n) => n === 0,
        { timeoutMs: 10_000 },
      );
      expect((await job(p)).ok).toBe(true);
    });
  });

  it('keeps its workers with ENGINE_IDLE_SECONDS=0', async () => {
    const p = pool();
    await withEnv({ ENGINE_IDLE_SECONDS: '0' }, async () => {
      await job(p);
      // A fixed wait, to show that nothing happens: twice the 0.5 s after which the test above stops its workers.
      await new Promise((r) => setTimeout(r, 1000));
      expect(running(p)).toBe(1);
    });
  });
});
