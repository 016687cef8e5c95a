import { randomBytes } from 'node:crypto';
import type { PgBoss, WipData } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueClient } from '@/lib/database/pools';
import { QUEUE_SCHEMA } from '@/lib/jobs/embedded-queue';
import { queueListens, wakeLocalWorker, wakeWorkersLocally } from '@/lib/jobs/local-wake';
import { waitFor } from '@/tests/support/wait-for';

// A process that sends a queue's jobs and works them wakes one of its own workers per job sent,
// not every worker through NOTIFY. The queue here is the test's own, its two workers poll only every
// 2 minutes, so any fetch during a case is one a wake caused: which workers fetched says whom it woke.

const QUEUE = `local-wake-${randomBytes(4).toString('hex')}`;
const POLL_S = 120;

describe('waking the queue workers of the process that sent the job', () => {
  let boss: PgBoss;
  /** Jobs started and not yet let go, by job data `n`. */
  const running = new Map<number, () => void>();
  const done: number[] = [];

  const workers = () => boss.getWipData().filter((w) => w.name === QUEUE);
  const fetchedSince = (before: WipData[]) =>
    workers().filter((w) => w.lastFetchedOn !== before.find((b) => b.id === w.id)?.lastFetchedOn);
  const send = async (n: number) => {
    await boss.send(QUEUE, { n });
    wakeLocalWorker(boss, QUEUE);
  };

  beforeAll(async () => {
    wakeWorkersLocally(QUEUE);
    expect(queueListens()).toBe(false);
    boss = await queueClient({ schema: QUEUE_SCHEMA, useListenNotify: queueListens(), supervise: false });
    await boss.start();
    await boss.createQueue(QUEUE, { notify: true });
    await boss.work<{ n: number }>(
      QUEUE,
      { localConcurrency: 2, batchSize: 1, pollingIntervalSeconds: POLL_S },
      async ([job]) => {
        await new Promise<void>((resolve) => running.set(job.data.n, resolve));
        running.delete(job.data.n);
        done.push(job.data.n);
      },
    );
    // Both workers made their first fetch (an empty queue) and wait out their poll.
    await waitFor(workers, (ws) => ws.length === 2 && ws.every((w) => w.lastFetchedOn !== null));
  });
  afterAll(async () => {
    for (const letGo of running.values()) letGo();
    await boss?.deleteQueue(QUEUE).catch(() => {});
    await boss?.stop({ graceful: false });
  });

  it('a job sent wakes one idle worker, which takes it; the other does not fetch', async () => {
    const before = workers();
    await send(1);
    await waitFor(() => running.has(1), Boolean);
    running.get(1)!();
    await waitFor(() => done.includes(1), Boolean);
    expect(fetchedSince(before)).toHaveLength(1);
  });

  it('two jobs sent back to back go to the two workers (one woken is not woken again before it fetches)', async () => {
    // Two sends whose wakes come together, before the first woken worker has fetched.
    await boss.send(QUEUE, { n: 2 });
    await boss.send(QUEUE, { n: 3 });
    wakeLocalWorker(boss, QUEUE);
    wakeLocalWorker(boss, QUEUE);
    // Each job holds its worker until let go: both run at once only if each worker took one.
    await waitFor(() => running.has(2) && running.has(3), Boolean);
    const before = workers();
    expect(before.every((w) => w.count === 1)).toBe(true);

    // Both busy: a job sent now is taken by the worker woken, once its own job ends.
    await send(4);
    running.get(2)!();
    running.get(3)!();
    await waitFor(() => running.has(4), Boolean);
    running.get(4)!();
    await waitFor(() => done.includes(4), Boolean);
    expect(done.toSorted()).toEqual([1, 2, 3, 4]);
  });
});
