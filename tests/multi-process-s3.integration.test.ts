// The multi-process tier with S3 in place of a shared STORAGE_DIR: two web processes and two workers,
// each its own process with its own DATA_DIR, on one PostgreSQL (behind a loopback proxy the test
// can cut) and one bucket (s3rver behind tests/support/fake-s3, which the test can cut too). The processes inherit the S3 variables the fake sets; this file's own
// modules, which read stored files back, are imported only after it runs (the store is chosen then).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '@/tests/support/fake-s3';
import { DatabaseProxy } from '@/tests/support/multi-process-db-proxy';
import type { Cluster as ServiceCluster, WebProcess, WorkerProcess } from '@/tests/support/multi-process-cluster';

const s3 = await startFakeS3('transmute-tier');

const { config } = await import('@/lib/config');
const { db } = await import('@/lib/db');
const { PART_SIZE_BYTES } = await import('@/lib/domain/upload-rules');
const { stopEmbeddedQueue } = await import('@/lib/jobs/embedded-queue');
const { storage } = await import('@/lib/storage');
const { signedUpUser } = await import('@/tests/support/accounts');
const { makeNoisyPng, makePng } = await import('@/tests/support/fixtures');
const { emptyConversionQueue } = await import('@/tests/support/job-queue');
const { Cluster, completedBy, countsAfter, logLines, unreferencedKeys } =
  await import('@/tests/support/multi-process-cluster');
const { killWorkerRunning, uploadConversion, workersReady } = await import('@/tests/support/multi-process-cases');
const { createTusUpload, TUS_RESUMABLE, tusPatchHeaders } = await import('@/tests/support/tus-wire');
const { waitFor } = await import('@/tests/support/wait-for');

const CONVERSIONS = 40;
/** How a run that could not read its input or store its result, at its last attempt, fails. */
const STORAGE_FAILED = "The server's file storage failed while converting this file; retry later";
let proxy: DatabaseProxy;
let cluster: ServiceCluster;
let web: WebProcess[];
let workers: WorkerProcess[];
let auth: { authorization: string };

beforeAll(async () => {
  await emptyConversionQueue(); // the workers here must find only this file's jobs
  proxy = await DatabaseProxy.start(process.env.DATABASE_URL!);
  cluster = await Cluster.create({ ENGINE_CONCURRENCY: '2', DATABASE_URL: proxy.urlFor(process.env.DATABASE_URL!) });
  web = await Promise.all([cluster.startWeb('web-a'), cluster.startWeb('web-b')]);
  workers = await Promise.all([cluster.startWorker('worker-a'), cluster.startWorker('worker-b')]);
  const { tokens } = await signedUpUser('pro');
  auth = { authorization: `Bearer ${tokens.access_token}` };
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await proxy?.cut();
  await stopEmbeddedQueue();
  await s3.close();
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const createConversion = (base: string, file: Buffer, target = 'webp') => uploadConversion(base, auth, file, target);

async function download(base: string, id: bigint): Promise<Buffer> {
  const res = await fetch(`${base}/api/v1/convert/download/${id}`, { headers: auth });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function stored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await storage().get(key)) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** The bucket holds no result that no row references, and no multipart upload left open. */
async function expectNothingHalfWritten(rows: Array<{ resultKey: string }>) {
  expect(await unreferencedKeys(await s3.keys('results/'))).toEqual([]);
  for (const c of rows) expect(await s3.multipartOpen(c.resultKey)).toBe(false);
}

const completed = (ids: bigint[], timeoutMs = 60_000) =>
  waitFor(
    () => db.conversion.findMany({ where: { id: { in: ids } } }),
    (r) => r.every((c) => c.status === 'completed' || c.status === 'failed'),
    { timeoutMs, intervalMs: 250 },
  );

/** The upload's stored input is `file` byte for byte, and its conversion completes and downloads from `via`. */
async function expectStoredAndConverted(id: bigint, file: Buffer, via: string) {
  const row = await db.conversion.findUniqueOrThrow({ where: { id } });
  expect(sha256(await stored(row.inputKey))).toBe(sha256(file));
  const [finished] = await completed([id]);
  expect(finished.status).toBe('completed');
  expect((await download(via, id)).subarray(8, 12).toString()).toBe('WEBP');
}

/** Six conversions of a picture slow enough to be cut in the middle, sent to both web processes, once one runs. */
async function sixRunning(): Promise<bigint[]> {
  const slowPng = await makeNoisyPng(900, 900);
  const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => createConversion(web[i % 2].url, slowPng)));
  await waitFor(
    () => db.conversion.count({ where: { id: { in: ids }, status: 'processing' } }),
    (n) => n > 0,
    { timeoutMs: 60_000, intervalMs: 50 },
  );
  return ids;
}

describe('two web processes and two workers on one database and one S3 bucket', () => {
  it('runs conversions sent to either web process exactly once, on both workers; each result downloads from either', async () => {
    expect(config.storageDriver).toBe('s3');
    const before = await Promise.all(workers.map(completedBy));
    const png = await makePng(32, 32);
    const ids = await Promise.all(Array.from({ length: CONVERSIONS }, (_, i) => createConversion(web[i % 2].url, png)));
    const rows = await completed(ids);
    expect(rows.filter((c) => c.status === 'completed')).toHaveLength(CONVERSIONS);
    expect(rows.every((c) => c.attempts === 1)).toBe(true);
    const after = await countsAfter(workers, before, CONVERSIONS);
    const ran = after.map((n, i) => n - before[i]);
    expect(ran[0] + ran[1]).toBe(CONVERSIONS);
    expect(ran[0]).toBeGreaterThan(0);
    expect(ran[1]).toBeGreaterThan(0);

    // One result object per conversion in the bucket, the same bytes through either web process.
    expect(new Set(rows.map((c) => c.resultKey)).size).toBe(CONVERSIONS);
    for (const c of rows) expect(await s3.has(c.resultKey)).toBe(true);
    for (const c of rows.slice(0, 6)) {
      const [a, b] = await Promise.all(web.map((w) => download(w.url, c.id)));
      expect(a.subarray(8, 12).toString()).toBe('WEBP');
      expect(sha256(b)).toBe(sha256(a));
      expect(sha256(a)).toBe(sha256(await stored(c.resultKey)));
    }
  }, 120_000);

  it('a parts upload started on one web process is continued and completed on the other', async () => {
    // A real picture over one part, so the conversion runs on what the two processes stored.
    const file = await makeNoisyPng(1800, 1800);
    expect(file.length).toBeGreaterThan(PART_SIZE_BYTES);
    const json = { ...auth, 'content-type': 'application/json' };
    const init = await fetch(`${web[0].url}/api/v1/uploads/init`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ file_name: 'photo.png', file_size: file.length, target_format: 'webp' }),
    });
    expect(init.status).toBe(200);
    const u = (await init.json()) as { token: string; part_size: number; part_count: number };
    expect(u.part_count).toBe(2);
    for (const [n, w] of [
      [1, web[0]],
      [2, web[1]],
    ] as const) {
      const res = await fetch(`${w.url}/api/v1/uploads/${u.token}/parts/${n}`, {
        method: 'PUT',
        headers: auth,
        body: file.subarray((n - 1) * u.part_size, n * u.part_size),
      });
      expect(res.status).toBe(200);
    }
    const done = await fetch(`${web[1].url}/api/v1/uploads/${u.token}/complete`, { method: 'POST', headers: auth });
    expect(done.status).toBe(201);
    const id = BigInt(((await done.json()) as { id: string | number }).id);
    await expectStoredAndConverted(id, file, web[0].url);
  }, 120_000);

  it('a tus upload whose PATCHes alternate between the web processes completes, SHA-256 intact', async () => {
    const file = await makeNoisyPng(1100, 1000);
    const chunk = 1024 * 1024;
    expect(file.length).toBeGreaterThan(2 * chunk);
    const tus = { ...TUS_RESUMABLE, ...auth };
    const token = await createTusUpload(web[0].url, auth, file.length);
    let last: Response | undefined;
    for (let offset = 0, i = 0; offset < file.length; offset += chunk, i++) {
      const w = web[i % 2];
      // Each process first learns where the upload stands, as a client resuming on it would.
      const head = await fetch(`${w.url}/api/v1/tus/${token}`, { method: 'HEAD', headers: tus });
      expect(Number(head.headers.get('upload-offset'))).toBe(offset);
      last = await fetch(`${w.url}/api/v1/tus/${token}`, {
        method: 'PATCH',
        headers: { ...tus, ...tusPatchHeaders(offset) },
        body: file.subarray(offset, offset + chunk),
      });
      expect(last.status).toBe(204);
    }
    const id = BigInt(last!.headers.get('x-conversion-id')!);
    await expectStoredAndConverted(id, file, web[1].url);
  }, 120_000);

  it('a worker killed with SIGKILL mid-conversion: another completes it, its result readable from S3, nothing left behind', async () => {
    const id = await createConversion(web[0].url, await makeNoisyPng(1000, 1000), 'avif');
    const { code, others } = await killWorkerRunning(cluster, workers, id);
    expect(code).toBeNull();
    const [done] = await completed([id], 120_000);
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
    const result = await download(web[1].url, id);
    expect(result.subarray(4, 12).toString()).toBe('ftypavif');
    expect(sha256(result)).toBe(sha256(await stored(done.resultKey)));
    await expectNothingHalfWritten([done]);
    workers = [...others, await cluster.startWorker('worker-c')];
  }, 180_000);

  it('S3 unreachable while conversions run: each completes after it returns or fails with its reason, nothing half-written', async () => {
    const ids = await sixRunning();
    const attemptFailed = () =>
      workers
        .flatMap((w) => logLines(w.output()))
        .filter((l) => l.msg === 'conversion attempt failed' && ids.map(String).includes(String(l.conversionId)));
    const failedBefore = attemptFailed().length;
    await s3.cut();
    try {
      // The outage is felt: a run could not read its input or store its result.
      await waitFor(attemptFailed, (lines) => lines.length > failedBefore, { timeoutMs: 60_000, intervalMs: 100 });
    } finally {
      await s3.open();
    }
    const rows = await completed(ids, 120_000);
    expect(rows.some((c) => c.attempts > 1)).toBe(true);
    for (const c of rows) {
      if (c.status === 'completed') {
        const result = await download(web[0].url, c.id);
        expect(result.subarray(8, 12).toString()).toBe('WEBP');
        expect(sha256(result)).toBe(sha256(await stored(c.resultKey)));
      } else {
        expect(c.error).toBe(STORAGE_FAILED);
        expect(await s3.has(c.resultKey)).toBe(false);
      }
    }
    await expectNothingHalfWritten(rows);
  }, 180_000);

  it('S3 unreachable through every attempt: the conversion fails saying its storage failed, nothing half-written', async () => {
    const id = await createConversion(web[0].url, await makeNoisyPng(900, 900));
    await s3.cut();
    const [failed] = await completed([id], 120_000).finally(() => s3.open());
    expect(failed).toMatchObject({ status: 'failed', attempts: config.engineMaxAttempts });
    expect(failed.error).toBe(STORAGE_FAILED);
    expect(await s3.has(failed.resultKey)).toBe(false);
    await expectNothingHalfWritten([failed]);
  }, 180_000);

  it('PostgreSQL unreachable while conversions run: each completes once after it returns, its result in the bucket, nothing half-written', async () => {
    const before = await Promise.all(workers.map(completedBy));
    const ids = await sixRunning();
    await proxy.cut();
    await workersReady(workers, 503).finally(() => proxy.open());
    await workersReady(workers, 200);
    const rows = await completed(ids, 120_000);
    expect(rows.filter((c) => c.status === 'completed')).toHaveLength(ids.length);
    const after = await countsAfter(workers, before, ids.length);
    expect(after.reduce((sum, n, i) => sum + n - before[i], 0)).toBe(ids.length);
    for (const c of rows) expect(sha256(await download(web[1].url, c.id))).toBe(sha256(await stored(c.resultKey)));
    await expectNothingHalfWritten(rows);
  }, 180_000);
});
