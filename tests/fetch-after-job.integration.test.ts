import { randomBytes } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueClient } from '@/lib/database/pools';
import { QUEUE_SCHEMA } from '@/lib/jobs/embedded-queue';
import { fetchingAgainAfterEachJob } from '@/lib/jobs/fetch-after-job';
import { queueListens, sendWakingLocally, wakeWorkersLocally } from '@/lib/jobs/local-wake';
import { waitFor } from '@/tests/support/wait-for';

// Jobs queued while every worker is busy are taken as the workers come free, not one per worker per
// poll. The queue is the test's own and its two workers poll only every 2 minutes, so a job that
// starts within the wait below was fetched because the job before it ended.

const QUEUE = `fetch-after-job-${randomBytes(4).toString('hex')}`;
const LOCAL_QUEUE = `fetch-after-own-job-${randomBytes(4).toString('hex')}`;
const POLL_S = 120;

/** A queue client with two workers of `queue` that poll every 2 minutes; each job runs until the test lets it go. */
async function startWorkers(queue: string, running: Map<number, () => void>, done: number[]): Promise<PgBoss> {
  const boss = await queueClient({ schema: QUEUE_SCHEMA, useListenNotify: false, supervise: false });
  await boss.start();
  await boss.createQueue(queue);
  await boss.work<{ n: number }>(
    queue,
    { localConcurrency: 2, batchSize: 1, pollingIntervalSeconds: POLL_S },
    fetchingAgainAfterEachJob(boss, queue, async ([job]) => {
      await new Promise<void>((resolve) => running.set(job.data.n, resolve));
      running.delete(job.data.n);
      done.push(job.data.n);
    }),
  );
  const workers = () => boss.getWipData().filter((w) => w.name === queue);
  await waitFor(workers, (ws) => ws.length === 2 && ws.every((w) => w.lastFetchedOn !== null));
  return boss;
}

/** Lets every running job go, then removes `queue` and stops the client. */
async function stopWorkers(boss: PgBoss | undefined, queue: string, running: Map<number, () => void>) {
  for (const letGo of running.values()) letGo();
  await boss?.deleteQueue(queue).catch(() => {});
  await boss?.stop({ graceful: false });
}

describe('a worker whose job ends', () => {
  let boss: PgBoss;
  const running = new Map<number, () => void>();
  const done: number[] = [];

  beforeAll(async () => {
    boss = await startWorkers(QUEUE, running, done);
  });
  afterAll(() => stopWorkers(boss, QUEUE, running));

  it('takes the next waiting job at once, until none is left', async () => {
    for (let n = 1; n <= 5; n++) await boss.send(QUEUE, { n });
    // The first two are fetched by the workers woken for them; the other three wait in the queue.
    for (const id of boss.getWipData().filter((w) => w.name === QUEUE)) boss.notifyWorker(id.id);
    await waitFor(
      () => running.size,
      (size) => size === 2,
    );
    for (let finished = 0; finished < 5; finished++) {
      const [n, letGo] = [...running][0];
      letGo();
      await waitFor(() => done.includes(n), Boolean, { timeoutMs: 20_000 });
      // Another waiting job is running again well before any worker's poll would come round.
      const left = 5 - done.length;
      await waitFor(
        () => running.size,
        (size) => size === Math.min(2, left),
        { timeoutMs: 20_000 },
      );
    }
    expect(done.toSorted()).toEqual([1, 2, 3, 4, 5]);
  });
});

// In a process that wakes its own workers (the all-in-one process), a worker fetches again after
// one of the process's own jobs only while others it sent are waiting: after a lone job that fetch
// would find nothing.
describe('a worker whose job ends, in a process that wakes its own workers', () => {
  let boss: PgBoss;
  const running = new Map<number, () => void>();
  const done: number[] = [];
  const workers = () => boss.getWipData().filter((w) => w.name === LOCAL_QUEUE);
  const fetches = () => workers().map((w) => w.lastFetchedOn);
  const send = (n: number) => sendWakingLocally(boss, LOCAL_QUEUE, (id) => boss.send(LOCAL_QUEUE, { n }, { id }));
  /** Lets job `n` go and waits until its handler has returned. */
  const finish = async (n: number) => {
    running.get(n)!();
    await waitFor(() => done.includes(n), Boolean);
  };

  beforeAll(async () => {
    wakeWorkersLocally(LOCAL_QUEUE);
    expect(queueListens()).toBe(false);
    boss = await startWorkers(LOCAL_QUEUE, running, done);
  });
  afterAll(() => stopWorkers(boss, LOCAL_QUEUE, running));

  it('does not fetch again after a lone job of its own', async () => {
    await send(1);
    await waitFor(() => running.has(1), Boolean);
    const before = fetches();
    await finish(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(fetches()).toEqual(before);
  });

  it('takes the jobs its process sent while every worker was busy, one after another', async () => {
    for (let n = 2; n <= 6; n++) await send(n);
    await waitFor(
      () => running.size,
      (size) => size === 2,
    );
    while (done.length < 6) {
      await finish([...running.keys()][0]);
      const left = 6 - done.length;
      await waitFor(
        () => running.size,
        (size) => size === Math.min(2, left),
        { timeoutMs: 20_000 },
      );
    }
    expect(done.toSorted()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("fetches again after a job it did not announce (one left from before a restart, another process's)", async () => {
    await boss.send(LOCAL_QUEUE, { n: 7 });
    for (const w of workers()) boss.notifyWorker(w.id);
    await waitFor(() => running.has(7), Boolean);
    const before = fetches();
    await finish(7);
    await waitFor(fetches, (now) => now.some((at, i) => at !== before[i]));
  });
});
