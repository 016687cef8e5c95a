// Several workers on one queue: conversions per second with one worker and with two, and the fair
// order's wait (one caller's 200 queued conversions, then another caller's single one). Conversions
// are created in this process through the upload route handler (no web server, no build); the
// workers are real processes (scripts/worker.ts) on one database and one STORAGE_DIR, each with its
// own DATA_DIR, as the multi-process tier runs them.
// Run: DATABASE_URL=… npx tsx bench/scale-out.ts   (BENCH_N=40 per throughput run, BENCH_BACKLOG=200)
// It empties the embedded queue of DATABASE_URL's database first: use a database of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePng } from './lib/inputs';

const N = Number(process.env.BENCH_N ?? 40);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 200);
const root = mkdtempSync(path.join(os.tmpdir(), 'bench-scale-out-'));
// This process stores the uploads where the workers read them; the Free plan's limits are lifted
// for the anonymous callers the benchmark uses.
Object.assign(process.env, {
  STORAGE_DIR: path.join(root, 'storage'),
  DATA_DIR: path.join(root, 'creator'),
  PLAN_FREE_RATE_PER_MINUTE: 'unlimited',
  PLAN_FREE_DAILY_CONVERSIONS: 'unlimited',
  PLAN_FREE_MAX_UPLOAD_BYTES: 'unlimited',
});

// Loaded after the environment above is set: the configuration is read when it loads.
const load = async () => ({
  ...(await import('@/lib/db')),
  ...(await import('@/lib/config')),
  ...(await import('@/lib/jobs/embedded-queue')),
  ...(await import('@/lib/identity/client-address')),
  upload: await import('@/app/api/v1/convert/upload/route'),
});
let lib: Awaited<ReturnType<typeof load>>;

type Worker = { child: ChildProcess; ready: Promise<void> };

function startWorker(name: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    env: { ...process.env, DATA_DIR: path.join(root, name), APP_SECRET: lib.config.appSecret },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve) =>
    child.stdout!.on('data', (b: Buffer) => b.toString().includes('[worker] ready') && resolve()),
  );
  return { child, ready };
}
const stopWorkers = (workers: Worker[]) => workers.forEach((w) => process.kill(-w.child.pid!, 'SIGKILL'));

/** Creates one conversion of `png` to WebP for the anonymous caller at `address`; returns its id. */
async function createConversion(png: Buffer, address: string): Promise<bigint> {
  const form = new FormData();
  form.append('target_format', 'webp');
  form.append('file', new Blob([new Uint8Array(png)]), 'photo.png');
  const encoded = new Response(form);
  const headers = new Headers(lib.signedClientAddressHeaders(address));
  headers.set('content-type', encoded.headers.get('content-type')!);
  const res = await lib.upload.POST(
    new Request('http://localhost/api/v1/convert/upload', {
      method: 'POST',
      headers,
      body: new Uint8Array(await encoded.arrayBuffer()),
    }),
    { params: Promise.resolve({}) },
  );
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return BigInt(((await res.json()) as { id: string | number }).id);
}

const rowsOf = (ids: bigint[]) => lib.db.conversion.findMany({ where: { id: { in: ids } } });
async function waitAll(ids: bigint[]) {
  for (;;) {
    const rows = await rowsOf(ids);
    if (rows.every((r) => r.status === 'completed' || r.status === 'failed')) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const seconds = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function throughput(png: Buffer, workerCount: number) {
  await (await lib.embeddedQueue()).deleteAllJobs(lib.QUEUES.runConversion);
  const ids: bigint[] = [];
  for (let i = 0; i < N; i++) ids.push(await createConversion(png, `192.0.2.${1 + (i % 50)}`));
  // The queue is full before any worker starts: the figure is the workers' own pace.
  const workers = Array.from({ length: workerCount }, (_, i) => startWorker(`tp-${workerCount}-${i}`));
  const rows = await waitAll(ids);
  stopWorkers(workers);
  const done = rows.filter((r) => r.status === 'completed');
  const first = new Date(Math.min(...done.map((r) => r.startedAt!.getTime())));
  const last = new Date(Math.max(...done.map((r) => r.completedAt!.getTime())));
  const perSecond = done.length / seconds(first, last);
  const run = median(done.map((r) => seconds(r.startedAt!, r.completedAt!)));
  console.log(
    `${workerCount} worker(s): ${done.length}/${N} completed in ${seconds(first, last).toFixed(1)} s = ` +
      `${perSecond.toFixed(2)} conversions/s (median run ${run.toFixed(2)} s)`,
  );
  return perSecond;
}

async function fairness(png: Buffer) {
  await (await lib.embeddedQueue()).deleteAllJobs(lib.QUEUES.runConversion);
  const batch: bigint[] = [];
  for (let i = 0; i < BACKLOG; i++) batch.push(await createConversion(png, '203.0.113.10'));
  const workers = [startWorker('fair')];
  await workers[0].ready;
  // Let the batch's caller hold the engines for a while, then the second caller sends one file.
  for (;;) {
    const done = await lib.db.conversion.count({ where: { id: { in: batch }, status: 'completed' } });
    if (done >= 10) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const single = await createConversion(png, '203.0.113.20');
  const [row] = await waitAll([single]);
  const queuedBehind = await lib.db.conversion.count({ where: { id: { in: batch }, status: 'pending' } });
  const ran = (await rowsOf(batch)).filter((r) => r.status === 'completed');
  stopWorkers(workers);
  const wait = seconds(row.createdAt, row.startedAt!);
  const run = median(ran.map((r) => seconds(r.startedAt!, r.completedAt!)));
  console.log(
    `fairness: the single conversion waited ${wait.toFixed(2)} s with ${queuedBehind} of the batch still queued ` +
      `(median engine run ${run.toFixed(2)} s, ${lib.config.engineConcurrency} slot(s))`,
  );
  await (await lib.embeddedQueue()).deleteAllJobs(lib.QUEUES.runConversion);
}

async function main() {
  lib = await load();
  try {
    const png = await makePng();
    console.log(`input: 1 MP PNG → WebP; ${N} conversions per throughput run, ${BACKLOG} queued for fairness`);
    const one = await throughput(png, 1);
    const two = await throughput(png, 2);
    console.log(`two workers / one: ×${(two / one).toFixed(2)}`);
    await fairness(png);
  } finally {
    await lib.stopEmbeddedQueue();
    rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
