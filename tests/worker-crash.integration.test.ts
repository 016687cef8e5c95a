import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import { config } from '@/lib/config';
import { isTerminal } from '@/lib/domain/conversion-status';
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
/** This process's start time in clock ticks (/proc/self/stat, field 22), as owner folders are named. */
const myStartTicks = () => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};
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

    // A live process's folder (this test's own, by the same naming) that no sweep may touch.
    const ownerFolders = async () =>
      (await readdir(config.jobsDir).catch(() => [] as string[])).filter((n) => n.startsWith(`${os.hostname()}.`));
    const before = new Set(await ownerFolders());
    const live = path.join(config.jobsDir, `${os.hostname()}.${process.pid}.${myStartTicks()}`);
    await mkdir(live, { recursive: true });
    await writeFile(path.join(live, 'kept'), 'a live owner');

    const first = startWorker();
    await waitFor(conversion, (c) => c.status === 'processing', { timeoutMs: 60_000 });
    // The killed worker's own folder, holding its job folder and its engines' folders.
    const [killed] = await waitFor(
      async () => (await ownerFolders()).filter((n) => !before.has(n) && path.join(config.jobsDir, n) !== live),
      (names) => names.length === 1,
      { timeoutMs: 60_000 },
    );
    killGroup(first);
    expect((await conversion()).status).toBe('processing');
    expect((await readdir(path.join(config.jobsDir, killed))).length).toBeGreaterThan(0);

    startWorker();
    const done = await waitFor(conversion, (c) => isTerminal(c.status), { timeoutMs: 150_000 });
    expect(done.status).toBe('completed');
    expect(done.attempts).toBe(2);
    const size = await storage().size(done.resultKey);
    expect(size).toBe(Number(done.resultSize));
    const meta = await sharp(Buffer.concat(await (await storage().get(done.resultKey)).toArray())).metadata();
    expect(meta).toMatchObject({ width: 2600, height: 1600 });

    // The second worker swept the dead one's folders at its start; the live owner's stayed.
    expect(await ownerFolders()).not.toContain(killed);
    expect(await readdir(live)).toEqual(['kept']);
    await rm(live, { recursive: true });
  }, 240_000);
});
