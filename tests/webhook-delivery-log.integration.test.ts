import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as deliveriesRoute from '@/app/api/v1/webhooks-mgmt/[id]/deliveries/route';
import { purgeExpiredConversions } from '@/lib/retention/purge-expired';
import { db } from '@/lib/db';
import { DELIVERY_LOG_DAYS } from '@/lib/domain/webhook-rules';
import { signedUpUser } from '@/tests/support/accounts';

// The delivery log is pruned by the retention sweep (lib/webhooks/purge-delivery-log.ts).

describe('webhooks: delivery log', () => {
  it(`the retention sweep deletes attempts older than ${DELIVERY_LOG_DAYS} days and keeps the rest`, async () => {
    const { id: userId, client } = await signedUpUser('pro');
    const hook = await db.webhook.create({
      data: { id: randomUUID(), userId, url: 'https://hooks.example/transmute', events: [], secretEncrypted: '-' },
    });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const attempt = (createdAt: Date) => ({
      id: randomUUID(),
      webhookId: hook.id,
      messageId: `msg_${randomUUID()}`,
      event: 'conversion.completed',
      attempt: 1,
      statusCode: 204,
      success: true,
      durationMs: 5,
      createdAt,
    });
    const [old, recent, fresh] = [daysAgo(DELIVERY_LOG_DAYS + 1), daysAgo(DELIVERY_LOG_DAYS - 1), now].map(attempt);
    await db.webhookDelivery.createMany({ data: [old, recent, fresh] });

    await purgeExpiredConversions(now);

    const res = await client.call(deliveriesRoute.GET, {
      path: `/api/v1/webhooks-mgmt/${hook.id}/deliveries`,
      params: { id: hook.id },
    });
    expect(res.status).toBe(200);
    const { deliveries } = await res.json();
    expect(deliveries.map((d: { id: string }) => d.id)).toEqual([fresh.id, recent.id]);
  });
});
