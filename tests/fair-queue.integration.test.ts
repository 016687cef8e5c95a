import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedQueue, QUEUE_SCHEMA, stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { SUBJECT_JOBS_IN_QUEUE, sendInTurn } from '@/lib/jobs/fair-order';
import { waitFor } from '@/tests/support/wait-for';

// Queues of this file's own, so no other test's jobs (or worker) mix in.
const queue = `fairness-${randomBytes(4).toString('hex')}`;
const turnsQueue = `${queue}-turns`;
afterAll(async () => {
  const boss = await embeddedQueue();
  for (const name of [queue, turnsQueue]) {
    await boss.offWork(name);
    await boss.deleteQueue(name);
  }
  await stopEmbeddedQueue();
});

/** The priority a job was sent with: minus its subject's turn. */
async function priorityOf(name: string, singletonKey: string): Promise<number> {
  const boss = await embeddedQueue();
  const { rows } = await boss
    .getDb()
    .executeSql(`SELECT priority FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND singleton_key = $2`, [
      name,
      singletonKey,
    ]);
  return rows[0].priority as number;
}

describe('the embedded queue takes subjects in turn', () => {
  it("runs a second account's jobs before the end of a first account's 30-job batch, with one slot", async () => {
    const boss = await embeddedQueue();
    await boss.createQueue(queue);
    const a = `user:a-${queue}`;
    const b = `user:b-${queue}`;
    for (let i = 0; i < 30; i++)
      await sendInTurn(boss, queue, { name: `A${i}` }, { subject: a, singletonKey: `A${i}` });
    for (let i = 0; i < 2; i++) await sendInTurn(boss, queue, { name: `B${i}` }, { subject: b, singletonKey: `B${i}` });

    const started: string[] = [];
    await boss.work<{ name: string }>(
      queue,
      { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        started.push(job.data.name);
      },
    );
    await waitFor(
      () => started.length,
      (n) => n === 32,
      { timeoutMs: 60_000 },
    );

    // Every job ran once, each account's in its own order, and B took turns with A.
    expect(new Set(started).size).toBe(32);
    expect(started.filter((n) => n.startsWith('A'))).toEqual(Array.from({ length: 30 }, (_, i) => `A${i}`));
    expect(started.indexOf('B0')).toBeLessThanOrEqual(1);
    expect(started.indexOf('B1')).toBeLessThanOrEqual(3);
  });

  it('counts a running job as a turn and a finished one as none', async () => {
    const boss = await embeddedQueue();
    await boss.createQueue(turnsQueue);
    const a = `user:a-${turnsQueue}`;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const started: string[] = [];
    await boss.work<{ name: string }>(
      turnsQueue,
      { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        started.push(job.data.name);
        if (job.data.name === 'first') await held;
      },
    );
    await sendInTurn(boss, turnsQueue, { name: 'first' }, { subject: a, singletonKey: 'first' });
    await waitFor(
      () => started.length,
      (n) => n === 1,
      { timeoutMs: 20_000 },
    );
    // `first` is running: the next job is the subject's second turn.
    await sendInTurn(boss, turnsQueue, { name: 'second' }, { subject: a, singletonKey: 'second' });
    expect(await priorityOf(turnsQueue, 'first')).toBe(0);
    expect(await priorityOf(turnsQueue, 'second')).toBe(-1);
    release();
    await waitFor(
      () => started.length,
      (n) => n === 2,
      { timeoutMs: 20_000 },
    );
    await waitFor(
      async () => (await boss.getDb().executeSql(SUBJECT_JOBS_IN_QUEUE, [turnsQueue, a])).rows[0].n as number,
      (n) => n === 0,
      { timeoutMs: 20_000 },
    );
    // Both finished (and are kept by pg-boss for days): a new job is a first turn again.
    await sendInTurn(boss, turnsQueue, { name: 'third' }, { subject: a, singletonKey: 'third' });
    expect(await priorityOf(turnsQueue, 'third')).toBe(0);
  });

  it('counts turns without reading the finished jobs pg-boss keeps', async () => {
    const boss = await embeddedQueue();
    const db = boss.getDb();
    const subject = `user:busy-${queue}`;
    // Two thousand finished jobs of the subject, as days of use leave behind.
    await db.executeSql(
      `INSERT INTO ${QUEUE_SCHEMA}.job (name, data, state, group_id, singleton_key, completed_on)
       SELECT $1, '{}'::jsonb, 'completed', $2, 'done-' || i, now() FROM generate_series(1, 2000) AS i`,
      [queue, subject],
    );
    await db.executeSql(`ANALYZE ${QUEUE_SCHEMA}.job`);
    const { rows } = await db.executeSql(`EXPLAIN (FORMAT JSON) ${SUBJECT_JOBS_IN_QUEUE}`, [queue, subject]);
    const plan = JSON.stringify(rows[0]['QUERY PLAN']);
    expect(plan).toContain('Index');
    expect(plan).not.toContain('Seq Scan');
    expect((await db.executeSql(SUBJECT_JOBS_IN_QUEUE, [queue, subject])).rows[0].n).toBe(0);
  });
});
