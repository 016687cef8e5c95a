import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hooksRoute from '@/app/api/v1/webhooks-mgmt/route';
import { db } from '@/lib/db';
import { signedUpUser } from '@/tests/support/accounts';
import { makeNoisyPng, makePng } from '@/tests/support/fixtures';
import {
  Cluster,
  completedBy,
  countsAfter,
  logLines,
  type WebProcess,
  type WorkerProcess,
} from '@/tests/support/multi-process-cluster';
import {
  clusterBehindProxy,
  killWorkerRunning,
  uploadConversion,
  webhookReceiver,
  workersReady,
} from '@/tests/support/multi-process-cases';
import { DatabaseProxy } from '@/tests/support/multi-process-db-proxy';
import { jsonBody, type RouteClient } from '@/tests/support/route-client';
import { sleep, waitFor } from '@/tests/support/wait-for';

// One service as several machines run it, on one machine: two web processes and two workers, each
// its own process with its own DATA_DIR, on one PostgreSQL (behind a loopback proxy the test can
// cut) and one STORAGE_DIR. 200 conversions of a small PNG keep the run short on a 2-core machine.

const ANONYMOUS_RATE = 20;
const CONVERSIONS = 200;
const OUTAGE_MS = 30_000;
let proxy: DatabaseProxy;
let cluster: Cluster;
let web: WebProcess[];
let workers: WorkerProcess[];
let auth: { authorization: string };
let account: RouteClient;
// A webhook receiver on loopback: the conversion.completed deliveries it got, by conversion id.
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let stop: () => Promise<void>;
let smallPng: Buffer;

beforeAll(async () => {
  // Webhooks may go to the receiver only: registered here, delivered by the workers.
  ({ proxy, receiver, cluster, stop } = await clusterBehindProxy({
    PLAN_FREE_RATE_PER_MINUTE: String(ANONYMOUS_RATE),
    ENGINE_CONCURRENCY: '2',
  }));
  web = await Promise.all([cluster.startWeb('web-a'), cluster.startWeb('web-b')]);
  workers = await Promise.all([cluster.startWorker('worker-a'), cluster.startWorker('worker-b')]);
  const { tokens, client } = await signedUpUser('pro');
  auth = { authorization: `Bearer ${tokens.access_token}` };
  account = client;
  smallPng = await makePng(32, 32);
}, 180_000);

afterAll(() => stop?.());

const createConversion = (base: string, file: Buffer, target = 'webp', headers: Record<string, string> = {}) =>
  uploadConversion(base, { ...auth, ...headers }, file, target);

describe('two web processes and two workers on one database and one STORAGE_DIR', () => {
  it('counts the anonymous rate limit exactly across both web processes', async () => {
    // This file's only anonymous caller is this loopback address: its count starts from nothing.
    await db.$executeRaw`DELETE FROM rate_limits WHERE key LIKE 'rpm:%127.0.0.1%'`;
    const answers = await Promise.all(
      Array.from({ length: 3 * ANONYMOUS_RATE }, (_, i) =>
        fetch(`${web[i % 2].url}/api/v1/convert/status/999999999`).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s !== 429)).toHaveLength(ANONYMOUS_RATE);
    expect(answers.filter((s) => s === 429)).toHaveLength(2 * ANONYMOUS_RATE);
  });

  it('runs 200 conversions sent to either web process exactly once, on both workers, leaving nothing unreferenced', async () => {
    const before = await Promise.all(workers.map(completedBy));
    const requestId = `tier-${Date.now()}`;
    const ids: bigint[] = [];
    // Twenty at a time, alternating web processes, as a load balancer spreads clients.
    for (let i = 0; i < CONVERSIONS; i += 20) {
      ids.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, j) =>
            createConversion(web[(i + j) % 2].url, smallPng, 'webp', i + j === 0 ? { 'x-request-id': requestId } : {}),
          ),
        )),
      );
    }
    const rows = await waitFor(
      () => db.conversion.findMany({ where: { id: { in: ids } } }),
      (r) => r.every((c) => c.status === 'completed' || c.status === 'failed'),
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    expect(rows.filter((c) => c.status === 'completed')).toHaveLength(CONVERSIONS);
    expect(rows.every((c) => c.attempts === 1)).toBe(true);

    // Each finished once, counted by the worker that ran it, and both workers ran some.
    const after = await countsAfter(workers, before, CONVERSIONS);
    const ran = after.map((n, i) => n - before[i]);
    expect(ran[0] + ran[1]).toBe(CONVERSIONS);
    expect(ran[0]).toBeGreaterThan(0);
    expect(ran[1]).toBeGreaterThan(0);

    // One result per conversion in the shared storage, and no stored file that no row references.
    const { results, unreferenced } = await cluster.storedResults();
    expect(unreferenced).toEqual([]);
    expect(new Set(rows.map((c) => c.resultKey)).size).toBe(CONVERSIONS);
    for (const c of rows) expect(results).toContain(path.basename(c.resultKey));

    // The request id given to the web process is on the worker's log line for that conversion.
    const finished = workers
      .flatMap((w) => logLines(w.output()))
      .find((l) => l.msg === 'conversion finished' && l.conversionId === String(ids[0]));
    expect(finished).toMatchObject({ requestId, outcome: 'completed', engine: 'sharp' });
  }, 180_000);

  it('a worker killed with SIGKILL mid-conversion: the other runs it, one result, one conversion.completed', async () => {
    const hook = await account.call(hooksRoute.POST, {
      method: 'POST',
      path: '/api/v1/webhooks-mgmt',
      ...jsonBody({ url: `${receiver.url}/hook`, events: ['conversion.completed'] }),
    });
    expect(hook.status).toBe(200);
    const id = await createConversion(web[0].url, await makeNoisyPng(1000, 1000), 'avif');
    const conversion = () => db.conversion.findUniqueOrThrow({ where: { id } });
    const before = await Promise.all(workers.map(completedBy));
    const { code, others } = await killWorkerRunning(cluster, workers, id);
    const [survivor] = others;
    const survivorBefore = before[workers.indexOf(survivor)];
    expect(code).toBeNull();
    expect((await conversion()).status).toBe('processing');

    const done = await waitFor(conversion, (c) => c.status === 'completed' || c.status === 'failed', {
      timeoutMs: 120_000,
      intervalMs: 250,
    });
    expect(done.status).toBe('completed');
    expect(done.attempts).toBe(2);
    // Counted by the survivor, once.
    expect(await countsAfter([survivor], [survivorBefore], 1)).toEqual([survivorBefore + 1]);
    const results = await readdir(path.join(cluster.storageDir, 'results'));
    expect(results).toContain(path.basename(done.resultKey));
    // The replacement, so the rest of the file again has two workers, starts while the webhook is checked.
    const replacement = cluster.startWorker('worker-c');
    // One webhook for it: the killed run never finished, so it sent none.
    await waitFor(
      () => receiver.deliveriesOf(id),
      (d) => d.length >= 1,
      { timeoutMs: 30_000 },
    );
    await sleep(2000); // a second delivery, were there one, would have come by now
    expect(receiver.deliveriesOf(id)).toEqual([{ type: 'conversion.completed', id: String(id) }]);
    workers = [survivor, await replacement];
  }, 180_000);

  it('PostgreSQL unreachable for 30 s under load: readiness 503 and liveness 200 meanwhile, all recovers without a restart, nothing lost or run twice', async () => {
    const before = await Promise.all(workers.map(completedBy));
    // Load across the outage: conversions slow enough that some run, and some wait, when it starts.
    const slowPng = await makeNoisyPng(900, 900);
    const inFlight = await Promise.all(Array.from({ length: 12 }, (_, i) => createConversion(web[i % 2].url, slowPng)));
    await waitFor(
      () => db.conversion.count({ where: { id: { in: inFlight }, status: 'processing' } }),
      (n) => n > 0,
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    await proxy.cut();
    const cutAt = Date.now();
    // Readiness fails on each web process; liveness, which touches nothing, still answers.
    for (const w of web) {
      const ready = await waitFor(
        () => fetch(`${w.url}/api/v1/health`).then((r) => r.status),
        (s) => s === 503,
        { timeoutMs: 15_000, intervalMs: 250 },
      );
      expect(ready).toBe(503);
      expect((await fetch(`${w.url}/api/v1/health/live`)).status).toBe(200);
    }
    // So does each worker's, on its metrics listener.
    for (const w of workers) {
      const ready = await waitFor(
        () => fetch(`${w.origin}/health`).then(async (r) => ({ status: r.status, body: await r.json() })),
        (r) => r.status === 503,
        { timeoutMs: 15_000, intervalMs: 250 },
      );
      expect(ready.body).toMatchObject({ status: 'degraded', checks: { database: 'error' } });
      expect((await fetch(`${w.origin}/health/live`)).status).toBe(200);
    }
    // Still so at the end of the outage, on every process.
    await sleep(Math.max(0, OUTAGE_MS - 1000 - (Date.now() - cutAt)));
    for (const w of web) {
      expect((await fetch(`${w.url}/api/v1/health`)).status).toBe(503);
      expect((await fetch(`${w.url}/api/v1/health/live`)).status).toBe(200);
    }
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - cutAt)));
    await proxy.open();
    const openedAt = Date.now();
    await Promise.all(
      web.map((w) =>
        waitFor(
          () => fetch(`${w.url}/api/v1/health`).then((r) => r.status),
          (s) => s === 200,
          { timeoutMs: 30_000, intervalMs: 250 },
        ),
      ),
    );
    const readyAfterMs = Date.now() - openedAt;
    await workersReady(workers, 200);
    // The workers take jobs again: new conversions through both web processes complete.
    const fresh = await Promise.all(web.map((w) => createConversion(w.url, smallPng)));
    await waitFor(
      () => db.conversion.findMany({ where: { id: { in: fresh } } }),
      (r) => r.every((c) => c.status === 'completed'),
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const convertingAfterMs = Date.now() - openedAt;
    for (const p of [...web, ...workers]) expect(p.child.exitCode).toBeNull();
    console.log(
      `[multi-process] recovery after the ${OUTAGE_MS / 1000} s outage: ready in ${readyAfterMs} ms, converting in ${convertingAfterMs} ms`,
    );
    expect(convertingAfterMs).toBeLessThan(30_000);

    // The conversions caught by the outage all complete, each finished once: one count on one
    // worker's metrics, one result in storage, and no stored file that no row references.
    const ids = [...inFlight, ...fresh];
    const rows = await waitFor(
      () => db.conversion.findMany({ where: { id: { in: ids } } }),
      (r) => r.every((c) => c.status === 'completed' || c.status === 'failed'),
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(rows.filter((c) => c.status === 'completed')).toHaveLength(ids.length);
    const after = await countsAfter(workers, before, ids.length);
    expect(after[0] - before[0] + (after[1] - before[1])).toBe(ids.length);
    const { results, unreferenced } = await cluster.storedResults();
    for (const c of rows) expect(results).toContain(path.basename(c.resultKey));
    expect(unreferenced).toEqual([]);
  }, 180_000);
});
