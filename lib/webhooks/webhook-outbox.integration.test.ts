import { afterAll, describe, expect, it } from 'vitest';
import { seal } from '@/lib/crypto';
import { claimRun, completeRun, failRun } from '@/lib/conversions/run-state';
import { db } from '@/lib/db';
import { newConversionId } from '@/lib/domain/conversion-id';
import { SECRET_SEAL_PURPOSE, type WebhookEvent } from '@/lib/domain/webhook-rules';
import { QUEUE_SCHEMA, QUEUES, stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { Prisma } from '@/lib/generated/prisma/client';
import { randomToken } from '@/lib/crypto';
import { relayWebhookOutbox } from '@/lib/webhooks/webhook-outbox';
import { signedUpUser } from '@/tests/support/accounts';

// The deliveries a conversion's outcome owes are written by the statement that records it (the
// test setup registers the webhooks' write, as every process does at start), and relays hand each
// one to the delivery queue once, however many run at once.

const users: string[] = [];
afterAll(async () => {
  const hooks = await db.webhook.findMany({ where: { userId: { in: users } }, select: { id: true } });
  await db.$executeRaw`DELETE FROM ${Prisma.raw(QUEUE_SCHEMA)}.job
    WHERE name = ${QUEUES.deliverWebhook} AND data->>'webhookId' IN (${Prisma.join(['', ...hooks.map((h) => h.id)])})`;
  await db.user.deleteMany({ where: { id: { in: users } } });
  await stopEmbeddedQueue();
});

async function owner() {
  const { id } = await signedUpUser();
  users.push(id);
  return id;
}

async function hook(userId: string, events: WebhookEvent[]) {
  return db.webhook.create({
    data: {
      id: `wh_outbox_${randomToken(8)}`,
      userId,
      url: 'http://127.0.0.1:9/hook',
      events,
      secretEncrypted: seal(SECRET_SEAL_PURPOSE, `whsec_${Buffer.alloc(32, 7).toString('base64')}`),
    },
  });
}

/** A conversion claimed by its run 0, owned by `userId` (a guest's when null). */
async function running(userId: string | null) {
  const now = new Date();
  const row = await db.conversion.create({
    data: {
      id: newConversionId(),
      userId,
      guestId: userId ? null : 'outbox-test',
      originalFileName: 'a.png',
      originalFormat: 'png',
      targetFormat: 'webp',
      inputKey: 'inputs/outbox-test',
      inputSize: 5n,
      resultKey: `results/outbox-test-${randomToken(6)}`,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    },
  });
  return (await claimRun(row.id, 0))!;
}

const RESULT = { size: 9, crc32: 7, parts: null, note: null };

const owed = (conversionId: bigint) => db.webhookOutbox.findMany({ where: { conversionId } });

/** The owed rows as [webhook, event] pairs, in one order. */
const pairs = (rows: Array<{ webhookId: string; event: string }>) => rows.map((o) => [o.webhookId, o.event]).sort();

describe('webhook outbox', () => {
  it("a recorded outcome owes one delivery to each of the owner's webhooks taking its event, under one message id", async () => {
    const userId = await owner();
    const completedOnly = await hook(userId, ['conversion.completed']);
    const failedOnly = await hook(userId, ['conversion.failed']);
    const both = await hook(userId, ['conversion.completed', 'conversion.failed']);

    const done = await running(userId);
    expect(await completeRun(done, RESULT)).toBe(true);
    const forDone = await owed(done.id);
    expect(pairs(forDone)).toEqual(
      [
        [completedOnly.id, 'conversion.completed'],
        [both.id, 'conversion.completed'],
      ].sort(),
    );
    expect(new Set(forDone.map((o) => o.messageId)).size).toBe(1);
    // An outcome not recorded (the run is no longer processing) owes nothing more.
    expect(await completeRun(done, RESULT)).toBe(false);
    expect(await owed(done.id)).toHaveLength(2);

    const failed = await running(userId);
    expect(await failRun(failed, 'The image could not be read.')).toBe(true);
    expect(pairs(await owed(failed.id))).toEqual(
      [
        [both.id, 'conversion.failed'],
        [failedOnly.id, 'conversion.failed'],
      ].sort(),
    );

    const anonymous = await running(null);
    expect(await completeRun(anonymous, RESULT)).toBe(true);
    expect(await owed(anonymous.id)).toEqual([]);
  });

  it('relays running at once hand each owed delivery to the queue once, with the finished conversion as its body', async () => {
    const userId = await owner();
    const { id: webhookId } = await hook(userId, ['conversion.completed']);
    const conversions = await Promise.all(Array.from({ length: 12 }, () => running(userId)));
    for (const c of conversions) expect(await completeRun(c, RESULT)).toBe(true);
    const messages = new Map((await db.webhookOutbox.findMany({ where: { webhookId } })).map((o) => [o.messageId, o]));
    expect(messages.size).toBe(12);

    await Promise.all([relayWebhookOutbox(), relayWebhookOutbox(), relayWebhookOutbox()]);
    expect(await db.webhookOutbox.count({ where: { webhookId } })).toBe(0);
    const jobs = await db.$queryRaw<Array<{ data: { messageId: string; event: string; body: string } }>>`
      SELECT data FROM ${Prisma.raw(QUEUE_SCHEMA)}.job WHERE name = ${QUEUES.deliverWebhook} AND data->>'webhookId' = ${webhookId}`;
    expect(jobs.map((j) => j.data.messageId).sort()).toEqual([...messages.keys()].sort());
    for (const { data } of jobs) {
      const owedRow = messages.get(data.messageId)!;
      expect(JSON.parse(data.body)).toEqual({
        type: 'conversion.completed',
        timestamp: owedRow.createdAt.toISOString(),
        data: { conversion: expect.objectContaining({ id: Number(owedRow.conversionId), status: 'completed' }) },
      });
    }
  });
});
