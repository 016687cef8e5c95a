import { randomBytes } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueClient } from '@/lib/database/pools';
import { QUEUE_SCHEMA } from '@/lib/jobs/embedded-queue';
import { fetchingAgainAfterEachJob } from '@/lib/jobs/fetch-after-job';
import { waitFor } from '@/tests/support/wait-for';

// Jobs queued while every worker is busy are taken as the workers come free, not one per worker per
// poll. The queue is the test's own and its two workers poll only every 2 minutes, so a job that
// starts within the wait below was fetched because the job before it ended.

const QUEUE = `fetch-after-job-${randomBytes(4).toString('hex')}`;
const POLL_S = 120;

describe('a worker whose job ends', () => {
  let boss: PgBoss;
  const running = new Map<number, () => void>();
  const done: number[] = [];

  beforeAll(async () => {
    boss = await queueClient({ schema: QUEUE_SCHEMA, useListenNotify: false, supervise: false });
    await boss.start();
    await boss.createQueue(QUEUE);
    await boss.work<{ n: number }>(
      QUEUE,
      { localConcurrency: 2, batchSize: 1, pollingIntervalSeconds: POLL_S },
      fetchingAgainAfterEachJob(boss, QUEUE, async ([job]) => {
        await new Promise<void>((resolve) => running.set(job.data.n, resolve));
        running.delete(job.data.n);
        done.push(job.data.n);
      }),
    );
    const workers = () => boss.getWipData().filter((w) => w.name === QUEUE);
    await waitFor(workers, (ws) => ws.length === 2 && ws.every((w) => w.lastFetchedOn !== null));
  });
  afterAll(async () => {
    for (const letGo of running.values()) letGo();
    await boss?.deleteQueue(QUEUE).catch(() => {});
    await boss?.stop({ graceful: false });
  });

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
