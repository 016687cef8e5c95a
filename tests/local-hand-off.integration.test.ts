import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as uploadRoute from '@/app/api/v1/convert/upload/route';
import { insertAndRun, insertCharged } from '@/lib/conversions/create-conversion';
import { claimRun } from '@/lib/conversions/run-state';
import { takeLease } from '@/lib/jobs/run-leases';
import { db } from '@/lib/db';
import { processJobsDir } from '@/lib/engines/sandbox/job-folders';
import { allowanceSubject } from '@/lib/identity/caller';
import { allowanceUsedUpHereToday } from '@/lib/limits/daily-allowance';
import { QUEUES } from '@/lib/jobs/embedded-queue';
import { sweepExpiredLeases } from '@/lib/jobs/lease-sweep';
import { runWorker } from '@/lib/processes/run-worker';
import { storage } from '@/lib/storage';
import { newStorageKey } from '@/lib/storage/keys';
import { guestCaller } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import { makeNoisyPng, makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { sleep, waitFor } from '@/tests/support/wait-for';

// This process runs the worker as the all-in-one process does (beside the web routes): a conversion
// that finds an engine slot free is run at once under a lease, without a queue job; a lease left by
// a process that died is queued by the sweep and run by a worker. The crash of a real all-in-one
// process is in tests/all-in-one.integration.test.ts.

let stop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  // Emptied first: a job left by an earlier file, fetched by this worker before it went, would hold
  // an engine slot, and this file's first conversion would then be queued rather than run here.
  await emptyConversionQueue();
  stop = await runWorker({ besideWeb: true });
});
afterAll(async () => stop?.());

const upload = async (png: Buffer, target = 'webp') => {
  const res = await new RouteClient().call(uploadRoute.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(png, 'picture.png', target),
  });
  expect(res.status).toBe(201);
  return BigInt(((await res.json()) as { id: number }).id);
};

const row = (id: bigint) => db.conversion.findUniqueOrThrow({ where: { id } });
const finished = (id: bigint) =>
  waitFor(
    () => row(id),
    (r) => r.status === 'completed' || r.status === 'failed',
    { timeoutMs: 60_000, intervalMs: 100 },
  );
const queueJobs = (id: bigint) =>
  db.$queryRaw<Array<{ data: { run: number; subject: string }; group_id: string }>>`
    SELECT data, group_id FROM pgboss.job WHERE name = ${QUEUES.runConversion} AND data->>'conversionId' = ${String(id)}`;
const lease = (id: bigint) => db.conversionLease.findUnique({ where: { conversionId: id } });
const expire = (id: bigint) =>
  db.$executeRaw`UPDATE conversion_leases SET expires_at = now() - interval '1 second' WHERE conversion_id = ${id}`;

/** A new conversion's row, of a PNG stored now for `caller`. */
async function storedPngRow(caller: ReturnType<typeof guestCaller>, png: Buffer) {
  const inputKey = newStorageKey('inputs');
  await storage().put(inputKey, Readable.from([png]));
  const createdAt = new Date();
  return {
    createdAt,
    userId: null,
    guestId: caller.guestId,
    originalFileName: 'picture.png',
    originalFormat: 'png',
    targetFormat: 'webp',
    inputKey,
    inputSize: BigInt(png.length),
    resultKey: newStorageKey('results'),
    expiresAt: new Date(createdAt.getTime() + 3_600_000),
  };
}

/** The job folders of this process that hold a converted output. */
const foldersWithOutput = async () =>
  (await readdir(processJobsDir(), { withFileTypes: true }))
    .filter((e) => e.isDirectory() && existsSync(path.join(processJobsDir(), e.name, 'output.webp')))
    .map((e) => e.name);

/**
 * Holds back the caller's next charge, and with it the insert of its row: its allowance's row is
 * locked by a transaction until `release` (which may use the allowance up before it commits).
 */
async function heldInsert(caller: ReturnType<typeof guestCaller>) {
  const subject = allowanceSubject(caller);
  const day = new Date().toISOString().slice(0, 10);
  await db.$executeRaw`INSERT INTO usage_days (subject, day, count, bytes) VALUES (${subject}, ${day}::date, 0, 0)`;
  let locked!: () => void;
  let release!: (useUp: boolean) => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<boolean>((resolve) => (release = resolve));
  const holder = db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT count FROM usage_days WHERE subject = ${subject} FOR UPDATE`;
      locked();
      if (await released) await tx.$executeRaw`UPDATE usage_days SET count = 1000000 WHERE subject = ${subject}`;
    },
    { timeout: 60_000 },
  );
  await isLocked;
  return {
    release: async ({ useUpAllowance = false } = {}) => {
      release(useUpAllowance);
      await holder;
    },
  };
}

/** A pending conversion of a stored PNG, with no job anywhere: as a process leaves it that died after its row. */
async function pendingConversion(): Promise<bigint> {
  const caller = guestCaller();
  const created = await insertCharged(caller, await storedPngRow(caller, await makePng(80, 60)));
  return created.id;
}

describe('a conversion this process queues itself', () => {
  it('runs at once under a lease when an engine slot is free, with no queue job', async () => {
    const id = await upload(await makePng(120, 90));
    expect((await finished(id)).status).toBe('completed');
    expect(await queueJobs(id)).toEqual([]);
    // The lease stays until a sweep finds it expired, and then goes without queueing anything.
    expect(await lease(id)).toMatchObject({ run: 0 });
    await expire(id);
    expect(await sweepExpiredLeases()).toBe(0);
    expect(await lease(id)).toBeNull();
    expect(await queueJobs(id)).toEqual([]);
    const bytes = Buffer.concat(await (await storage().get((await row(id)).resultKey)).toArray());
    const { width, height, format } = await sharp(bytes).metadata();
    expect({ width, height, format }).toEqual({ width: 120, height: 90, format: 'webp' });
  });

  it('frees the engine slot it held for a row that was refused', async () => {
    await withEnv({ ENGINE_CONCURRENCY: '1' }, async () => {
      await withEnv({ PLAN_FREE_DAILY_CONVERSIONS: '0' }, async () => {
        const res = await new RouteClient().call(uploadRoute.POST, {
          method: 'POST',
          path: '/api/v1/convert/upload',
          body: uploadForm(await makePng(40, 30), 'picture.png', 'webp'),
        });
        expect(res.status).toBe(429);
      });
      // Had the refused upload kept the one slot, this run would have gone through the queue.
      const id = await upload(await makePng(50, 40));
      expect((await finished(id)).status).toBe('completed');
      expect(await queueJobs(id)).toEqual([]);
      expect(await lease(id)).toMatchObject({ run: 0 });
    });
  });

  it('claims the run with the insert when the caller never answers with the row as created', async () => {
    const caller = guestCaller();
    const png = await makePng(70, 50);
    const row = await insertAndRun(caller, await storedPngRow(caller, png), { claim: true });
    expect(row).toMatchObject({ status: 'processing', attempts: 1, progress: 0 });
    // Run once, under its lease, with no claim of its own (that would have counted a second attempt).
    expect(await finished(row.id)).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await queueJobs(row.id)).toEqual([]);
    expect(await lease(row.id)).toMatchObject({ run: 0 });
    // Without `claim`, the row is written as SPEC's answer to an upload shows it, and claimed by its run.
    const pending = await insertAndRun(caller, await storedPngRow(caller, png));
    expect(pending).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await finished(pending.id)).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('starts the run it claims beside the insert, and stores nothing until the row is written', async () => {
    const caller = guestCaller();
    const data = { ...(await storedPngRow(caller, await makePng(70, 50))), operation: 'convert' as const, options: {} };
    const insert = await heldInsert(caller);
    const inserting = insertAndRun(caller, data, { claim: true });
    // The engine has converted while the insert waits: its output is in a job folder, and nothing is stored.
    await waitFor(foldersWithOutput, (folders) => folders.length === 1, { timeoutMs: 30_000, intervalMs: 20 });
    expect(await db.conversion.count({ where: { guestId: caller.guestId } })).toBe(0);
    expect(await storage().size(data.resultKey)).toBeNull();
    await insert.release();
    const created = await inserting;
    expect(await finished(created.id)).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await storage().size(data.resultKey)).toBeGreaterThan(0);
    expect(await queueJobs(created.id)).toEqual([]);
  });

  it('stops a run started beside an insert that is refused, leaves nothing of it, and notes the caller over its allowance today', async () => {
    // An allowance the charge can use up (the tests' free plan has no limit).
    await withEnv({ PLAN_FREE_DAILY_CONVERSIONS: '1000' }, async () => {
      const caller = guestCaller();
      const data = {
        ...(await storedPngRow(caller, await makePng(70, 50))),
        operation: 'convert' as const,
        options: {},
      };
      const insert = await heldInsert(caller);
      const inserting = insertAndRun(caller, data, { claim: true });
      inserting.catch(() => {}); // awaited below, once the refusal is made
      await waitFor(foldersWithOutput, (folders) => folders.length === 1, { timeoutMs: 30_000, intervalMs: 20 });
      await insert.release({ useUpAllowance: true });
      await expect(inserting).rejects.toMatchObject({ code: 'quota_exceeded' });
      await waitFor(foldersWithOutput, (folders) => folders.length === 0, { timeoutMs: 10_000, intervalMs: 20 });
      expect(await db.conversion.count({ where: { guestId: caller.guestId } })).toBe(0);
      expect(await storage().size(data.resultKey)).toBeNull();
      expect(allowanceUsedUpHereToday(caller)).toBe(true);
      expect(allowanceUsedUpHereToday(guestCaller())).toBe(false);
    });
  });

  it('goes through the queue, in its turn, while every engine slot is taken', async () => {
    await withEnv({ ENGINE_CONCURRENCY: '1' }, async () => {
      // Slow enough to hold the one slot while the next upload comes in.
      const slow = await upload(await makeNoisyPng(1400, 1400), 'avif');
      await waitFor(
        () => row(slow),
        (r) => r.status === 'processing',
        { timeoutMs: 30_000, intervalMs: 20 },
      );
      const next = await upload(await makePng(100, 80));
      const [job] = await queueJobs(next);
      expect(job?.data.run).toBe(0);
      expect(await lease(next)).toBeNull();
      expect(await queueJobs(slow)).toEqual([]);
      expect((await finished(slow)).status).toBe('completed');
      expect((await finished(next)).status).toBe('completed');
    });
  });
});

describe('the sweep of expired leases', () => {
  it('queues a run whose process died before it started, and a worker completes it', async () => {
    const id = await pendingConversion();
    await takeLease(id, 0, { subject: 'subject:left-behind', ms: 60_000 });
    expect(await sweepExpiredLeases()).toBe(0); // not expired yet: its process may still run it
    expect(await queueJobs(id)).toEqual([]);
    await expire(id);
    expect(await sweepExpiredLeases()).toBe(1);
    expect(await lease(id)).toBeNull();
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'completed', attempts: 1 });
    // Queued in the turn of the caller the lease named.
    expect((await queueJobs(id)).map((j) => j.group_id)).toEqual(['subject:left-behind']);
  });

  it('queues a run whose process died in the middle of it, and the run is claimed again', async () => {
    const id = await pendingConversion();
    await takeLease(id, 0, { subject: 'subject:mid-run', ms: 60_000 });
    expect(await claimRun(id, 0)).toMatchObject({ status: 'processing', attempts: 1 });
    await expire(id);
    expect(await sweepExpiredLeases()).toBe(1);
    expect(await finished(id)).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('queues each run once when two sweeps run at the same time', async () => {
    const ids = await Promise.all([pendingConversion(), pendingConversion(), pendingConversion()]);
    for (const id of ids) {
      await takeLease(id, 0, { subject: 'subject:twice', ms: 60_000 });
      await expire(id);
    }
    const counts = await Promise.all([sweepExpiredLeases(), sweepExpiredLeases()]);
    expect(counts[0] + counts[1]).toBe(3);
    for (const id of ids) {
      expect(await queueJobs(id)).toHaveLength(1);
      expect((await finished(id)).status).toBe('completed');
    }
  });

  it('queues nothing for a run that ended, or for an earlier run of a conversion retried since', async () => {
    const ended = await pendingConversion();
    await db.conversion.update({ where: { id: ended }, data: { status: 'cancelled', completedAt: new Date() } });
    await takeLease(ended, 0, { subject: 'subject:ended', ms: 60_000 });
    await expire(ended);
    const retried = await pendingConversion();
    await db.conversion.update({ where: { id: retried }, data: { run: 1 } }); // run 1 pending; the lease is run 0's
    await takeLease(retried, 0, { subject: 'subject:retried', ms: 60_000 });
    await expire(retried);
    await sleep(10);
    expect(await sweepExpiredLeases()).toBe(0);
    expect(await lease(ended)).toBeNull();
    expect(await lease(retried)).toBeNull();
    expect(await queueJobs(ended)).toEqual([]);
    expect(await queueJobs(retried)).toEqual([]);
    expect((await row(ended)).status).toBe('cancelled');
  });
});
