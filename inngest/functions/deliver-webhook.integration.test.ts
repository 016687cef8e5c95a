import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhookFn } from '@/inngest/functions/deliver-webhook';
import { seal } from '@/lib/crypto';
import { db } from '@/lib/db';
import { webhookDeliveryRequested } from '@/lib/jobs/events';
import { SECRET_SEAL_PURPOSE } from '@/lib/domain/webhook-rules';
import { signedUpUser } from '@/tests/support/accounts';
import { overrideEnv } from '@/tests/support/env';

let server: http.Server;
let restore: () => void;
let url: string;
let status = 200;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(status).end());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  restore = overrideEnv({ OUTBOUND_ALLOW_HOSTS: new URL(url).host });
});

afterAll(() => {
  restore();
  server.close();
});

describe('Inngest function deliver-webhook', () => {
  it('delivers through the same lib code, and a failed attempt throws for Inngest to retry', async () => {
    const { id: userId } = await signedUpUser();
    const hook = await db.webhook.create({
      data: {
        id: `wh_inngest_${Date.now()}`,
        userId,
        url,
        events: ['conversion.completed'],
        secretEncrypted: seal(SECRET_SEAL_PURPOSE, `whsec_${Buffer.alloc(32, 7).toString('base64')}`),
      },
    });
    const data = { webhookId: hook.id, messageId: 'msg_inngest', event: 'conversion.completed', body: '{}' };
    const ok = await new InngestTestEngine({
      function: deliverWebhookFn,
      events: [{ name: webhookDeliveryRequested.name, data }],
    }).execute();
    expect(ok.result).toBe('delivered');
    status = 500;
    const failed = await new InngestTestEngine({
      function: deliverWebhookFn,
      events: [{ name: webhookDeliveryRequested.name, data: { ...data, messageId: 'msg_inngest_2' } }],
    }).execute();
    expect(failed.error).toMatchObject({ message: expect.stringMatching(/HTTP 500/) });
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(2);
  });
});
