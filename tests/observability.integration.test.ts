import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as live from '@/app/api/v1/health/live/route';
import * as upload from '@/app/api/v1/convert/upload/route';
import { isTerminal } from '@/lib/domain/conversion-status';
import { db } from '@/lib/db';
import { stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { metrics } from '@/lib/observability/metrics';
import { makeNoisyPng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { waitFor } from '@/tests/support/wait-for';
import { startWorkerProcess, type WorkerProcess } from '@/tests/support/worker-process';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const workers: WorkerProcess[] = [];
afterEach(() => workers.splice(0).forEach((w) => w.stop()));
// The worker started here must find only this file's job.
beforeAll(emptyConversionQueue);
afterAll(stopEmbeddedQueue);

describe('a worker with METRICS_PORT and LOG_FORMAT=json', () => {
  it('serves Prometheus metrics and liveness on that port, counts the conversion it ran, and logs JSON lines', async () => {
    const port = await freePort();
    const worker = await startWorkerProcess({
      METRICS_PORT: String(port),
      LOG_FORMAT: 'json',
      ENGINE_CONCURRENCY: '1',
    });
    workers.push(worker);
    const base = `http://127.0.0.1:${port}`;

    const ready = worker
      .output()
      .split('\n')
      .find((line) => line.includes('[worker] ready'))!;
    expect(JSON.parse(ready)).toMatchObject({ level: 30, msg: '[worker] ready', jobs: 'embedded' });
    expect(typeof JSON.parse(ready).time).toBe('number');

    const liveness = await fetch(`${base}/health/live`);
    expect(liveness.status).toBe(200);
    expect(await liveness.json()).toEqual({ status: 'ok' });
    const before = await (await fetch(`${base}/metrics`)).text();
    expect(before).toMatch(/^transmute_queue_depth \d+$/m);
    expect(before).toMatch(/^transmute_queue_oldest_age_seconds [\d.e+-]+$/m);
    expect(before).toMatch(/^transmute_process_cpu_user_seconds_total /m);
    expect(before).not.toMatch(/^transmute_conversions_total\{/m);
    expect((await fetch(`${base}/nope`)).status).toBe(404);

    const res = await new RouteClient().call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(await makeNoisyPng(64, 64), 'small.png', 'webp'),
    });
    expect(res.status).toBe(201);
    const id = BigInt((await res.json()).id);
    const done = await waitFor(
      () => db.conversion.findUniqueOrThrow({ where: { id } }),
      (c) => isTerminal(c.status),
      { timeoutMs: 60_000 },
    );
    expect(done.status).toBe('completed');

    // The run counts itself just after its row says completed: wait for the count to appear.
    const after = await waitFor(
      async () => (await fetch(`${base}/metrics`)).text(),
      (text) => /^transmute_conversions_total\{/m.test(text),
    );
    expect(after).toMatch(/^transmute_conversions_total\{engine="sharp",outcome="completed"\} 1$/m);
    expect(after).toMatch(/^transmute_engine_run_duration_seconds_count\{engine="sharp"\} 1$/m);
    expect(after).toMatch(/^transmute_warm_pool_workers\{engine="sharp",state="idle"\} 1$/m);
  }, 120_000);
});

describe('GET /api/v1/health/live', () => {
  it('answers 200 without any check, and the request is counted by operation and status', async () => {
    const res = await new RouteClient().call(live.GET, { method: 'GET', path: '/api/v1/health/live' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    const counted = await metrics.registry.getSingleMetricAsString('transmute_http_requests_total');
    expect(counted).toMatch(/transmute_http_requests_total\{operation="getLiveness",status="200"\} [1-9]/);
  });
});
