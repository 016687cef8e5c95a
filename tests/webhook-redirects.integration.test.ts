import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hooksRoute from '@/app/api/v1/webhooks-mgmt/route';
import * as deliveriesRoute from '@/app/api/v1/webhooks-mgmt/[id]/deliveries/route';
import { db } from '@/lib/db';
import { DeliveryAttemptFailed, deliverWebhook } from '@/lib/webhooks/deliver-webhook';
import { signedUpUser } from '@/tests/support/accounts';
import { overrideEnv } from '@/tests/support/env';
import { installLoopbackOnlyGuard } from '@/tests/support/loopback-only';
import { localServers } from '@/tests/support/local-servers';
import { jsonBody } from '@/tests/support/route-client';

// Deliveries never follow a redirect, so a receiver that moved (http → https) fails every attempt;
// the delivery log keeps the redirect's Location so its owner sees why. The receiver is a local
// server named in OUTBOUND_ALLOW_HOSTS; the guard makes any other connection throw.

const servers = localServers();
const reached: string[] = [];
let receiver: string;
let restoreEnv: () => void;
let removeGuard: () => void;

beforeAll(async () => {
  removeGuard = installLoopbackOnlyGuard();
  receiver = await servers.listen((req, res) => {
    reached.push(req.url!);
    req.resume();
    if (req.url === '/redirect') return void res.writeHead(302, { location: '/ok' }).end();
    if (req.url === '/moved') return void res.writeHead(301, { location: 'https://hooks.example/new' }).end();
    if (req.url === '/nowhere') return void res.writeHead(307).end();
    res.end('thanks');
  });
  restoreEnv = overrideEnv({ OUTBOUND_ALLOW_HOSTS: new URL(receiver).host });
});

afterAll(() => {
  restoreEnv();
  removeGuard();
  servers.closeAll();
});

describe('webhooks: redirects', () => {
  // Where each path points, from the receiver's own address.
  const targets: Array<[string, number, (origin: string) => string | null]> = [
    ['/redirect', 302, (origin) => `${origin}/ok`],
    ['/moved', 301, () => 'https://hooks.example/new'],
    ['/nowhere', 307, () => null],
  ];
  it.each(targets)(
    '%s (HTTP %d) is not followed: the attempt fails and the log shows its Location',
    async (path, status, target) => {
      const { client } = await signedUpUser();
      const created = await client.call(hooksRoute.POST, {
        method: 'POST',
        path: '/api/v1/webhooks-mgmt',
        ...jsonBody({ url: `${receiver}${path}` }),
      });
      expect(created.status).toBe(200);
      const hook = await created.json();
      const message = {
        webhookId: hook.id,
        messageId: `msg_${hook.id}`,
        event: 'conversion.failed' as const,
        body: '{}',
      };
      await expect(deliverWebhook(message)).rejects.toBeInstanceOf(DeliveryAttemptFailed);
      const location = target(receiver);
      const log = await client.call(deliveriesRoute.GET, {
        path: `/api/v1/webhooks-mgmt/${hook.id}/deliveries`,
        params: { id: hook.id },
      });
      expect((await log.json()).deliveries).toEqual([
        expect.objectContaining({
          success: false,
          status_code: status,
          location,
          error: `Redirect (HTTP ${status})${location ? ` to ${location}` : ''} not followed: register the final address`,
        }),
      ]);
      expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(1);
      expect(reached.filter((p) => p === '/ok')).toEqual([]);
    },
  );
});
