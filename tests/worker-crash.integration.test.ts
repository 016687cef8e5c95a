import { type ChildProcess, spawn } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import { isTerminal } from '@/lib/conversions/status';
import { db } from '@/lib/db';
import { stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { storage } from '@/lib/storage';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { makeNoisyPng } from '@/tests/support/fixtures';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { waitFor } from '@/tests/support/wait-for';

// The real worker process (scripts/worker.ts), killed with SIGKILL in the middle of a job.
const workers: ChildProcess[] = [];
function startWorker(): ChildProcess {
  const child = spawn('node_modules/.bin/tsx', ['scripts/worker.ts'], {
    env: { ...process.env, ENGINE_CONCURRENCY: '1' },
    detached: true,
    stdio: 'ignore',
  });
  workers.push(child);
  return child;
}
const killGroup = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
};
afterEach(() => workers.forEach(killGroup));
// The workers started here must find only this file's job.
beforeAll(emptyConversionQueue);
afterAll(stopEmbeddedQueue);

describe('a worker killed mid-job', () => {
  it('has its job run again by another worker, yielding exactly one result', async () => {
    // A noisy 4 MP image to AVIF keeps the engine busy for seconds.
    const png = await makeNoisyPng(2600, 1600);
    const res = await new RouteClient().call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(png, 'noise.png', 'avif'),
    });
    expect(res.status).toBe(201);
    const id = BigInt((await res.json()).id);
    const conversion = () => db.conversion.findUniqueOrThrow({ where: { id } });

    const first = startWorker();
    await waitFor(conversion, (c) => c.status === 'processing', { timeoutMs: 60_000 });
    killGroup(first);
    expect((await conversion()).status).toBe('processing');

    startWorker();
    const done = await waitFor(conversion, (c) => isTerminal(c.status), { timeoutMs: 150_000 });
    expect(done.status).toBe('completed');
    expect(done.attempts).toBe(2);
    const size = await storage().size(done.resultKey);
    expect(size).toBe(Number(done.resultSize));
    const meta = await sharp(Buffer.concat(await (await storage().get(done.resultKey)).toArray())).metadata();
    expect(meta).toMatchObject({ width: 2600, height: 1600 });
  }, 240_000);
});
