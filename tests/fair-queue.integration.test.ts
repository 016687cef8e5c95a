import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedQueue, stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { sendInTurn } from '@/lib/jobs/fair-order';
import { waitFor } from '@/tests/support/wait-for';

// A queue of this file's own, so no other test's jobs (or worker) mix in.
const queue = `fairness-${randomBytes(4).toString('hex')}`;
afterAll(async () => {
  const boss = await embeddedQueue();
  await boss.offWork(queue);
  await boss.deleteQueue(queue);
  await stopEmbeddedQueue();
});

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
});
