import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as uploadRoute from '@/app/api/v1/convert/upload/route';
import { db } from '@/lib/db';
import { embeddedQueue, QUEUES, stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { enqueueConversion } from '@/lib/jobs/enqueue';
import { runWorker } from '@/lib/processes/run-worker';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { withEnv } from '@/tests/support/env';
import { makePng, wav } from '@/tests/support/fixtures';
import { waitFor } from '@/tests/support/wait-for';

const waitForStatus = (id: number, statuses: string[], timeoutMs = 60_000) =>
  waitFor(
    () => db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } }),
    (row) => statuses.includes(row.status),
    { timeoutMs, intervalMs: 200 },
  );

const upload = async (body: Buffer, name: string, target: string) => {
  const res = await new RouteClient().call(uploadRoute.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(body, name, target),
  });
  expect(res.status).toBe(201);
  return (await res.json()).id as number;
};
const uploadPng = async (body?: Buffer, target = 'webp') => upload(body ?? (await makePng()), 'q.png', target);

describe('embedded durable queue (pg-boss)', () => {
  let stop: (() => Promise<void>) | undefined;
  beforeAll(emptyConversionQueue);
  afterAll(async () => (stop ? stop() : stopEmbeddedQueue()));

  it('a job queued while no worker runs is done once a worker starts (survives a restart)', async () => {
    const id = await uploadPng();
    expect((await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } })).status).toBe('pending');
    stop = await runWorker();
    const row = await waitForStatus(id, ['completed']);
    expect(row.attempts).toBe(1);
    expect(row.progress).toBe(100);
  });

  it('a refused input fails at once, without retries', async () => {
    stop ??= await runWorker();
    // A PNG with its header but no pixel data (IDAT dropped): detection accepts it, inspection refuses it.
    const png = await makePng(32, 32);
    const broken = Buffer.concat([png.subarray(0, 33), png.subarray(png.length - 12)]); // signature + IHDR, IEND
    const id = await uploadPng(broken, 'jpg');
    const row = await waitForStatus(id, ['failed', 'completed']);
    expect(row.status).toBe('failed');
    expect(row.error).toBeTruthy();
    expect(row.attempts).toBe(1);
  });

  it('an engine run stopped at its time limit fails at once, without retries', async () => {
    stop ??= await runWorker();
    await withEnv({ ENGINE_TIMEOUT_SECONDS: '0.05' }, async () => {
      const id = await upload(wav(2), 'tone.wav', 'mp3');
      const row = await waitForStatus(id, ['failed', 'completed'], 90_000);
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/too long/);
      expect(row.attempts).toBe(1);
    });
  });

  it('a run that fails every time for another reason (here: its input is gone) fails after ENGINE_MAX_ATTEMPTS', async () => {
    stop ??= await runWorker();
    const id = await upload(wav(2), 'tone.wav', 'mp3');
    // Once it has completed, its input is pointed at a key never stored and a new run is queued:
    // every attempt then fails copying the input, which is the store's failing, not the input's, and
    // is retried; the last failure names the store.
    const row = await waitForStatus(id, ['completed', 'failed']);
    await db.conversion.update({
      where: { id: BigInt(id) },
      data: { status: 'pending', run: { increment: 1 }, attempts: 0, inputKey: `inputs/gone-${id}` },
    });
    await enqueueConversion(row.id, row.run + 1, `test:${id}`);
    const failed = await waitForStatus(id, ['failed', 'completed'], 90_000);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/file storage failed/);
    expect(failed.attempts).toBe(3);
  });

  it('a job whose payload names no conversion is dropped at once, not retried', async () => {
    stop ??= await runWorker();
    const boss = await embeddedQueue();
    const jobId = await boss.send(QUEUES.runConversion, { conversionId: 'nope' });
    const job = await waitFor(
      () => boss.getJobById(QUEUES.runConversion, jobId!),
      (j) => j?.state === 'completed' || j?.state === 'failed',
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(job).toMatchObject({ state: 'completed', retryCount: 0, output: { outcome: 'bad-payload' } });
  });
});
