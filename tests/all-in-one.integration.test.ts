import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { QUEUES, stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { signedUpUser } from '@/tests/support/accounts';
import { makeNoisyPng, makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { freePort, logLines } from '@/tests/support/multi-process-cluster';
import { startWorkerProcess, type WorkerProcess } from '@/tests/support/worker-process';
import { uploadConversion } from '@/tests/support/multi-process-cases';
import { waitFor } from '@/tests/support/wait-for';
import * as uploadRoute from '@/app/api/v1/convert/upload/route';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { withEnv } from '@/tests/support/env';

// The all-in-one mode (scripts/run-services.sh, the image's `transmute-server start`): the real web
// server, scripts/server.ts --with-worker, takes the jobs itself; no worker process runs beside it.
// Next runs in development mode: this tier runs before `next build`, and routes compile on first use.

const SHUTDOWN_SECONDS = 8;
// Short, so a run given up is queued again within seconds (the sweep comes three times per lease).
const LEASE_SECONDS = 3;

type Server = { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };

let dataDir: string;
let server: Server;
let handedBackTo: WorkerProcess | undefined;
let auth: { authorization: string };

async function startAllInOne(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/server.ts', '--dev', '--with-worker'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_SECRET: config.appSecret, // the test signs its caller's token with the same secret
      LOG_FORMAT: 'json',
      SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS),
      ENGINE_CONCURRENCY: '1',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      NEXT_TELEMETRY_DISABLED: '1',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await waitFor(
    () => text,
    (t) => (t.includes('[worker] ready') && t.includes('[web] development server')) || child.exitCode !== null,
    { timeoutMs: 120_000, intervalMs: 200 },
  );
  if (child.exitCode !== null) throw new Error(`the all-in-one server exited at start:\n${text}`);
  return { child, url: `http://127.0.0.1:${port}`, output: () => text, exited };
}

/** A conversion sent to the server under test; its id as the API writes it. */
const createConversion = async (file: Buffer, target: string) =>
  String(await uploadConversion(server.url, auth, file, target));

const conversionRow = (id: string) => db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
/** A conversion slow enough to be mid-run when the test stops the server (a noisy picture to AVIF), once it runs. */
async function slowConversionUnderWay(): Promise<string> {
  const id = await createConversion(await makeNoisyPng(1600, 1600), 'avif');
  await waitFor(
    () => conversionRow(id),
    (c) => c.status === 'processing',
    { timeoutMs: 60_000, intervalMs: 50 },
  );
  return id;
}
const queueJobsOf = (id: string) =>
  db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM pgboss.job WHERE name = ${QUEUES.runConversion} AND data->>'conversionId' = ${id}`;

beforeAll(async () => {
  await emptyConversionQueue(); // no job of another file for this process's worker
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'all-in-one-'));
  const { tokens } = await signedUpUser('pro');
  auth = { authorization: `Bearer ${tokens.access_token}` };
  server = await startAllInOne();
}, 150_000);

afterAll(async () => {
  for (const child of [server?.child, handedBackTo?.child]) {
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  await stopEmbeddedQueue();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the web server with the worker inside (--with-worker)', () => {
  it('converts a PNG end to end in its own process, and reports the worker in health and metrics', async () => {
    const health = await fetch(`${server.url}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ checks: { queue: 'ok' }, jobs: { engine: 'embedded' } });

    const id = await createConversion(await makePng(), 'webp');
    const { conversion } = await waitFor(
      async () =>
        (await (await fetch(`${server.url}/api/v1/convert/status/${id}`, { headers: auth })).json()) as {
          conversion: { status: string };
        },
      ({ conversion: c }) => c.status === 'completed' || c.status === 'failed',
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    expect(conversion.status).toBe('completed');
    const download = await fetch(`${server.url}/api/v1/convert/download/${id}`, { headers: auth });
    expect(download.status).toBe(200);
    const webp = Buffer.from(await download.arrayBuffer());
    expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');

    // This process ran the job (no worker process exists in this test): its log ends the job.
    // Logged just after the row says completed, by the run's last lifecycle listener.
    const finished = await waitFor(
      () => logLines(server.output()).find((l) => l.msg === 'conversion finished' && l.conversionId === id),
      Boolean,
    );
    expect(finished).toMatchObject({ outcome: 'completed' });
    // The worker's count is served on the web port, from the one registry of the process.
    const scrape = await (await fetch(`${server.url}/metrics`)).text();
    expect(scrape).toMatch(/^transmute_conversions_total\{[^}]*outcome="completed"[^}]*\} [1-9]\d*$/m);
  }, 150_000);

  it('also runs a job another process queued: it wakes its own workers for its own jobs, and polls for the rest', async () => {
    // Queued by this test's process (its input in the server's store), whose NOTIFY the server does
    // not listen for.
    const png = await makePng();
    const res = await withEnv({ DATA_DIR: dataDir }, () =>
      new RouteClient().call(uploadRoute.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(png, 'elsewhere.png', 'webp'),
      }),
    );
    expect(res.status).toBe(201);
    const id = String(((await res.json()) as { id: number }).id);
    const done = await waitFor(
      () => conversionRow(id),
      (c) => c.status === 'completed' || c.status === 'failed',
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    expect(done.status).toBe('completed');
    const finished = await waitFor(
      () => logLines(server.output()).find((l) => l.msg === 'conversion finished' && l.conversionId === id),
      Boolean,
    );
    expect(finished).toMatchObject({ outcome: 'completed' });
  }, 150_000);

  it('killed in the middle of a run it started itself, loses nothing: started again, it runs it to the end', async () => {
    const id = await slowConversionUnderWay();
    // A slot was free: the process runs it under a lease, with no queue job.
    expect(await db.conversionLease.findUnique({ where: { conversionId: BigInt(id) } })).toMatchObject({ run: 0 });
    expect(await queueJobsOf(id)).toEqual([]);
    process.kill(-server.child.pid!, 'SIGKILL'); // the process group: its engines go too
    await server.exited;

    server = await startAllInOne();
    const done = await waitFor(
      () => conversionRow(id),
      (c) => c.status === 'completed' || c.status === 'failed',
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    // Claimed a second time, by the run the sweep queued once the lease expired.
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
    expect(await queueJobsOf(id)).toHaveLength(1);
    const download = await fetch(`${server.url}/api/v1/convert/download/${id}`, { headers: auth });
    const { width, height, format } = await sharp(Buffer.from(await download.arrayBuffer())).metadata();
    expect({ width, height, format }).toEqual({ width: 1600, height: 1600, format: 'heif' });
  }, 240_000);

  it('on SIGTERM finishes or hands back the job in flight, then exits 0; the job completes', async () => {
    const id = await slowConversionUnderWay();
    const stoppedAt = Date.now();
    process.kill(server.child.pid!, 'SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan((SHUTDOWN_SECONDS + 12) * 1000);
    const lines = logLines(server.output()).map((l) => String(l.msg));
    expect(lines).toContain('[worker] stopping: finishing or handing back the jobs in flight');
    expect(server.output()).toContain('[web] stopping');

    // Finished before the deadline, or back in the queue for the next worker to run.
    if ((await conversionRow(id)).status !== 'completed') {
      handedBackTo = await startWorkerProcess({
        DATA_DIR: dataDir,
        APP_SECRET: config.appSecret,
        JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      });
    }
    const done = await waitFor(
      () => conversionRow(id),
      (c) => c.status === 'completed' || c.status === 'failed',
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    expect(done.status).toBe('completed');
    expect(done.resultKey).toBeTruthy();
  }, 150_000);
});
