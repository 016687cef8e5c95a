import type http from 'node:http';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hooksRoute from '@/app/api/v1/webhooks-mgmt/route';
import * as hookRoute from '@/app/api/v1/webhooks-mgmt/[id]/route';
import * as deliveriesRoute from '@/app/api/v1/webhooks-mgmt/[id]/deliveries/route';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as batchUpload from '@/app/api/v1/batch/upload/route';
import { db } from '@/lib/db';
import { emitConversionFinished } from '@/lib/conversions/lifecycle';
import { runConversion } from '@/lib/conversions/run-conversion';
import { QUEUES, stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { runWorker } from '@/lib/processes/run-worker';
import { installLoopbackOnlyGuard } from '@/tests/support/loopback-only';
import { localServers } from '@/tests/support/local-servers';
import { DeliveryAttemptFailed, deliverWebhook } from '@/lib/webhooks/deliver-webhook';
import { WEBHOOK_DELIVERY_ATTEMPTS as MAX_ATTEMPTS } from '@/lib/jobs/retries';
import { WEBHOOK_EVENTS } from '@/lib/domain/webhook-rules';
import { signedUpUser } from '@/tests/support/accounts';
import { overrideEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { jsonBody, RouteClient, uploadForm } from '@/tests/support/route-client';
import { waitFor } from '@/tests/support/wait-for';

// Receivers are local servers named in OUTBOUND_ALLOW_HOSTS; the guard makes any connection to
// anything but loopback throw, so no test can send a packet off this machine.

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
const flakyCalls = new Map<string, number>();
let receiver: string;
let stranger: string;
const strangerHits: string[] = [];
const servers = localServers();
let restoreEnv: () => void;
let removeGuard: () => void;
let stopWorker: (() => Promise<void>) | undefined;

beforeAll(async () => {
  removeGuard = installLoopbackOnlyGuard();
  receiver = await servers.listen((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body });
      if (req.url === '/ok') return void res.end('thanks');
      if (req.url === '/flaky') {
        const id = String(req.headers['webhook-id']);
        const n = (flakyCalls.get(id) ?? 0) + 1;
        flakyCalls.set(id, n);
        return void res.writeHead(n <= 2 ? 500 : 204).end();
      }
      res.writeHead(503).end();
    });
  });
  stranger = await servers.listen((req, res) => {
    strangerHits.push(req.url!);
    res.end();
  });
  // Set before the queue starts: the delivery queue's retry delay is read when it is created.
  restoreEnv = overrideEnv({ OUTBOUND_ALLOW_HOSTS: new URL(receiver).host, WEBHOOK_RETRY_DELAY_SECONDS: '1' });
  await emptyConversionQueue();
});

afterAll(async () => {
  await (stopWorker ? stopWorker() : stopEmbeddedQueue());
  restoreEnv();
  removeGuard();
  servers.closeAll();
});

async function register(client: RouteClient, body: Record<string, unknown>) {
  return client.call(hooksRoute.POST, { method: 'POST', path: '/api/v1/webhooks-mgmt', ...jsonBody(body) });
}

const deliveriesOf = async (client: RouteClient, id: string) =>
  client.call(deliveriesRoute.GET, { path: `/api/v1/webhooks-mgmt/${id}/deliveries`, params: { id } });

describe('webhooks: registration', () => {
  it('creates with every event by default and shows the secret once, stored encrypted', async () => {
    const { client } = await signedUpUser();
    const res = await register(client, { url: `${receiver}/ok` });
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created).toMatchObject({
      url: `${receiver}/ok`,
      events: [...WEBHOOK_EVENTS],
      created_at: expect.any(String),
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    const row = await db.webhook.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretEncrypted).not.toContain(created.secret.slice(6));

    const list = await (await client.call(hooksRoute.GET, { path: '/api/v1/webhooks-mgmt' })).json();
    expect(list.webhooks).toEqual([
      { id: created.id, url: created.url, events: created.events, created_at: created.created_at },
    ]);
  });

  it.each([
    ['an unknown event', { url: 'RECEIVER', events: ['conversion.started'] }],
    ['no events', { url: 'RECEIVER', events: [] }],
    ['a loopback port not on the allow-list', { url: 'STRANGER' }],
    ['the metadata address', { url: 'http://169.254.169.254/latest/meta-data/' }],
    ['a private address', { url: 'http://10.0.0.1/hook' }],
    ['localhost', { url: 'http://localhost/hook' }],
    ['IPv6 loopback', { url: 'http://[::1]/hook' }],
    ['another scheme', { url: 'ftp://example.com/hook' }],
    ['credentials', { url: 'https://user:pw@example.com/hook' }],
  ])('refuses %s with 400', async (_label, body) => {
    const { client, id } = await signedUpUser();
    const url = body.url === 'RECEIVER' ? `${receiver}/ok` : body.url === 'STRANGER' ? `${stranger}/hook` : body.url;
    const res = await register(client, { ...body, url });
    expect(res.status).toBe(400);
    expect(await db.webhook.count({ where: { userId: id } })).toBe(0);
    expect(strangerHits).toEqual([]);
  });

  it('needs a session (401) and never shows or deletes another account’s webhook (404)', async () => {
    expect((await register(new RouteClient(), { url: `${receiver}/ok` })).status).toBe(401);
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const { id } = await (await register(owner.client, { url: `${receiver}/ok` })).json();
    expect((await deliveriesOf(other.client, id)).status).toBe(404);
    const del = await other.client.call(hookRoute.DELETE, {
      method: 'DELETE',
      path: `/api/v1/webhooks-mgmt/${id}`,
      params: { id },
    });
    expect(del.status).toBe(404);
    expect(await db.webhook.count({ where: { id } })).toBe(1);
    const mine = await owner.client.call(hookRoute.DELETE, {
      method: 'DELETE',
      path: `/api/v1/webhooks-mgmt/${id}`,
      params: { id },
    });
    expect(await mine.json()).toEqual({ deleted: true });
    expect(await db.webhook.count({ where: { id } })).toBe(0);
  });
});

describe('webhooks: delivery', () => {
  it('a completed conversion is delivered signed (verified with standardwebhooks), retried until the receiver succeeds', async () => {
    const { client } = await signedUpUser();
    const created = await (
      await register(client, { url: `${receiver}/flaky`, events: ['conversion.completed'] })
    ).json();
    const up = await client.call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(await makePng(), 'p.png', 'webp'),
    });
    const conversion = await up.json();
    expect(await runConversion(BigInt(conversion.id))).toBe('completed');

    stopWorker = await runWorker(); // the embedded queue runs the delivery job and its retries
    await waitFor(
      () => db.webhookDelivery.count({ where: { webhookId: created.id, success: true } }),
      (n) => n === 1,
      { timeoutMs: 60_000 },
    );

    const log = await (await deliveriesOf(client, created.id)).json();
    expect(log.deliveries.map((d: { attempt: number }) => d.attempt)).toEqual([3, 2, 1]);
    expect(log.deliveries.map((d: { status_code: number }) => d.status_code)).toEqual([204, 500, 500]);
    expect(log.deliveries[0]).toMatchObject({
      event: 'conversion.completed',
      success: true,
      error: null,
      duration_ms: expect.any(Number),
    });
    expect(log.deliveries[1]).toMatchObject({ success: false, error: 'The receiver answered HTTP 500' });

    const attempts = received.filter((r) => r.path === '/flaky' && r.body.includes(`"id":${conversion.id}`));
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1); // same message id on every retry
    for (const a of attempts) {
      const payload = new StandardWebhook(created.secret).verify(a.body, a.headers as Record<string, string>) as Record<
        string,
        unknown
      >;
      expect(payload).toMatchObject({
        type: 'conversion.completed',
        data: { conversion: { id: conversion.id, status: 'completed', target_format: 'webp' } },
      });
    }
    // A wrong secret does not verify.
    const wrong = new StandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`);
    expect(() => wrong.verify(attempts[0].body, attempts[0].headers as Record<string, string>)).toThrow();
  });

  it('batch.completed fires once the last file of a batch ends, carrying the batch', async () => {
    const { client } = await signedUpUser('starter');
    const created = await (
      await register(client, { url: `${receiver}/ok`, events: ['batch.completed', 'conversion.failed'] })
    ).json();
    const form = new FormData();
    form.append('target_format', 'webp');
    for (const name of ['a.png', 'b.png']) form.append('file', new Blob([new Uint8Array(await makePng())]), name);
    const batch = await (
      await client.call(batchUpload.POST, { method: 'POST', path: '/api/v1/batch/upload', body: form })
    ).json();
    expect(batch.conversions).toHaveLength(2);
    stopWorker ??= await runWorker(); // runs the two conversions and then the delivery
    const delivered = await waitFor(
      () => received.filter((r) => r.path === '/ok' && r.body.includes(batch.batch_id)),
      (found) => found.length === 1,
      { timeoutMs: 60_000 },
    );
    const payload = new StandardWebhook(created.secret).verify(
      delivered[0].body,
      delivered[0].headers as Record<string, string>,
    );
    expect(payload).toMatchObject({
      type: 'batch.completed',
      data: { batch: { batch_id: batch.batch_id, status: 'completed', total: 2 } },
    });
    expect((payload as { data: { conversions: unknown[] } }).data.conversions).toHaveLength(2);
    // conversion.completed was not subscribed: only the batch event was sent. The attempt is
    // recorded after the receiver has answered, so wait for the row.
    const recorded = await waitFor(
      () => db.webhookDelivery.findMany({ where: { webhookId: created.id }, select: { event: true } }),
      (rows) => rows.length > 0,
      { timeoutMs: 10_000 },
    );
    expect(recorded).toEqual([{ event: 'batch.completed' }]);

    // Another worker that finished a file of the batch at the same moment also sees it done, now that
    // the first delivery is over: it must not queue the event again.
    const other = await db.conversion.findFirstOrThrow({ where: { batchId: batch.batch_id } });
    await emitConversionFinished({ conversion: other, outcome: 'completed', engine: null });
    const queued = await db.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = ${QUEUES.deliverWebhook} AND data->>'messageId' = ${`msg_batch_${batch.batch_id}`}`;
    expect(queued[0].n).toBe(1);
  });

  async function hookFor(url: string) {
    const { client, id: userId } = await signedUpUser();
    const res = await register(client, { url: `${receiver}/ok` });
    const hook = await res.json();
    if (url !== `${receiver}/ok`) await db.webhook.update({ where: { id: hook.id }, data: { url } });
    return { client, userId, hook };
  }

  const message = (webhookId: string) => ({
    webhookId,
    messageId: `msg_test_${Math.random().toString(36).slice(2)}`,
    event: 'conversion.failed' as const,
    body: '{"type":"conversion.failed"}',
  });

  it('a private destination is refused at connect time: the attempt fails and is recorded, nothing is dialled', async () => {
    for (const url of ['http://169.254.169.254/hook', 'http://10.0.0.1/hook', `${stranger}/hook`]) {
      const { hook } = await hookFor(url);
      await expect(deliverWebhook(message(hook.id))).rejects.toBeInstanceOf(DeliveryAttemptFailed);
      const [attempt] = await db.webhookDelivery.findMany({ where: { webhookId: hook.id } });
      expect(attempt).toMatchObject({ success: false, statusCode: null, attempt: 1 });
      expect(attempt.error).toMatch(/private or reserved/);
    }
    expect(strangerHits).toEqual([]);
  });

  it('a receiver taken off the allow-list after registration is refused at connect time', async () => {
    const { hook } = await hookFor(`${receiver}/ok`);
    const before = received.length;
    const restore = overrideEnv({ OUTBOUND_ALLOW_HOSTS: '' });
    try {
      await expect(deliverWebhook(message(hook.id))).rejects.toBeInstanceOf(DeliveryAttemptFailed);
    } finally {
      restore();
    }
    expect(received.length).toBe(before);
  });

  it('a message already delivered is not sent again by a second job for it', async () => {
    const { hook } = await hookFor(`${receiver}/ok`);
    const data = message(hook.id);
    const before = received.length;
    expect(await deliverWebhook(data)).toBe('delivered');
    expect(await deliverWebhook(data)).toBe('delivered');
    expect(received.length).toBe(before + 1);
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, each recorded`, async () => {
    const { hook } = await hookFor(`${receiver}/down`);
    const data = message(hook.id);
    for (let i = 1; i < MAX_ATTEMPTS; i++)
      await expect(deliverWebhook(data)).rejects.toBeInstanceOf(DeliveryAttemptFailed);
    expect(await deliverWebhook(data)).toBe('gave-up');
    expect(await deliverWebhook(data)).toBe('gave-up'); // a stray redelivery sends nothing
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(MAX_ATTEMPTS);
  });
});
