import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hooksRoute from '@/app/api/v1/webhooks-mgmt/route';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { QUEUE_SCHEMA, QUEUES } from '@/lib/jobs/embedded-queue';
import { signedUpUser } from '@/tests/support/accounts';
import { makeNoisyPng } from '@/tests/support/fixtures';
import { holdQueueSends } from '@/tests/support/job-queue';
import {
  clusterBehindProxy,
  uploadConversion,
  webhookReceiver,
  workersReady,
} from '@/tests/support/multi-process-cases';
import { Cluster, type WebProcess, type WorkerProcess } from '@/tests/support/multi-process-cluster';
import { DatabaseProxy } from '@/tests/support/multi-process-db-proxy';
import { jsonBody } from '@/tests/support/route-client';
import { waitFor } from '@/tests/support/wait-for';

// A conversion's webhook across a database outage, on real processes: a web process and two
// workers on one PostgreSQL behind a loopback proxy the test cuts, delivering to a receiver on
// loopback that counts what it gets. The run's outcome is recorded and its delivery is on its way to
// the queue when the database goes away; the delivery must still go out, once, after it returns.

let proxy: DatabaseProxy;
let cluster: Cluster;
let web: WebProcess;
let workers: WorkerProcess[];
let auth: { authorization: string };
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let stop: () => Promise<void>;
let hookId: string;

beforeAll(async () => {
  ({ proxy, receiver, cluster, stop } = await clusterBehindProxy());
  [web, ...workers] = await Promise.all([
    cluster.startWeb('web'),
    cluster.startWorker('worker-a'),
    cluster.startWorker('worker-b'),
  ]);
  const { tokens, client } = await signedUpUser('pro');
  auth = { authorization: `Bearer ${tokens.access_token}` };
  const hook = await client.call(hooksRoute.POST, {
    method: 'POST',
    path: '/api/v1/webhooks-mgmt',
    ...jsonBody({ url: `${receiver.url}/hook`, events: ['conversion.completed'] }),
  });
  expect(hook.status).toBe(200);
  hookId = ((await hook.json()) as { id: string }).id;
}, 180_000);

afterAll(() => stop?.());

describe('webhooks across a database outage, on real processes', () => {
  it('a conversion finishing while PostgreSQL is cut: its webhook is delivered once after recovery', async () => {
    const id = await uploadConversion(web.url, auth, await makeNoisyPng(1000, 1000), 'avif');
    const conversion = () => db.conversion.findUniqueOrThrow({ where: { id } });
    await waitFor(conversion, (c) => c.status === 'processing', { timeoutMs: 60_000, intervalMs: 50 });
    // Sends to the deliveries' queue are held while the run ends, so the worker is caught sending
    // the delivery; then the database goes away, and the connections caught waiting with it.
    const hold = await holdQueueSends(QUEUES.deliverWebhook);
    try {
      await waitFor(hold.sendsWaiting, (pids) => pids.length > 0, { timeoutMs: 120_000, intervalMs: 50 });
      expect((await conversion()).status).toBe('completed');
      await proxy.cut();
      await hold.dropWaiting();
    } finally {
      await hold.release();
    }
    await workersReady(workers, 503); // each worker has seen the outage
    expect(receiver.deliveriesOf(id)).toEqual([]);
    await proxy.open();
    await workersReady(workers, 200);

    await waitFor(
      () => receiver.deliveriesOf(id),
      (d) => d.length >= 1,
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    // Once nothing is owed to the webhook and no delivery to it is queued or running, no second one can come.
    await waitFor(
      async () => ({
        owed: await db.webhookOutbox.count({ where: { webhookId: hookId } }),
        queued: (
          await db.$queryRaw<Array<{ n: number }>>`
            SELECT count(*)::int AS n FROM ${Prisma.raw(QUEUE_SCHEMA)}.job
            WHERE name = ${QUEUES.deliverWebhook} AND data->>'webhookId' = ${hookId} AND state < 'completed'`
        )[0].n,
      }),
      (n) => n.owed === 0 && n.queued === 0,
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(receiver.deliveriesOf(id)).toEqual([{ type: 'conversion.completed', id: String(id) }]);
  }, 300_000);
});
