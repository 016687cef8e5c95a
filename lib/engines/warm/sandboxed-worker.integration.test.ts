import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../sandbox/sandbox';
import { SandboxedWorker, type WorkerSpec } from './sandboxed-worker';

let parentDir: string;
beforeAll(async () => void (parentDir = await mkdtemp(path.join(os.tmpdir(), 'warm-'))));
afterAll(() => rm(parentDir, { recursive: true, force: true }));

/** A worker program (Python in the sandbox) that prints `first` and then waits. */
const spec = (first: string): WorkerSpec => ({
  name: 'probe',
  parentDir,
  command: '/usr/bin/python3',
  args: () => ['-c', `import sys, time\nprint(${JSON.stringify(first)}, flush=True)\ntime.sleep(60)`],
  memoryLimitBytes: 1024 ** 3,
  startTimeoutMs: 30_000,
});

describe('SandboxedWorker start', () => {
  it('a program that reports it could not start fails the start with its reason, not a timeout', async () => {
    const err = await SandboxedWorker.start(spec('{"ready": false, "error": "no office here"}')).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).message).toContain('no office here');
    expect((err as EngineError).timedOut).toBe(false);
    expect(await readdir(parentDir)).toEqual([]); // its folder is removed
  });

  it('a program that never reports ready fails the start, but not as a run stopped at its limit', async () => {
    // `timedOut` means an input held an engine past its limit, which is not retried; a slow start is.
    const started = Date.now();
    const err = await SandboxedWorker.start({ ...spec('starting…'), startTimeoutMs: 500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).message).toContain('did not start in time');
    expect((err as EngineError).timedOut).toBe(false);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await readdir(parentDir)).toEqual([]);
  });

  it('a program that reports ready starts', async () => {
    const worker = await SandboxedWorker.start(spec('{"ready": true}'));
    expect(worker.dead).toBe(false);
    await worker.kill();
  });
});
