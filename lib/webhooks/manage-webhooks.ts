import { randomBytes } from 'node:crypto';
import { AppError } from '@/lib/errors';
import { randomToken, seal } from '@/lib/crypto';
import { db } from '@/lib/db';
import type { AccountCaller } from '@/lib/identity/caller';
import { preflight } from '@/lib/outbound/client';
import {
  DELIVERIES_LISTED,
  MAX_WEBHOOKS,
  SECRET_BYTES,
  SECRET_PREFIX,
  SECRET_SEAL_PURPOSE,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@/lib/domain/webhook-rules';

/**
 * Registers a webhook: the destination must pass the outbound rule now (400 otherwise; it is
 * checked again on every delivery). The secret is returned once and stored encrypted.
 */
export async function createWebhook(caller: AccountCaller, input: { url: string; events?: WebhookEvent[] }) {
  const url = await preflight(input.url);
  const events = [...new Set(input.events ?? WEBHOOK_EVENTS)];
  if (events.length === 0) throw new AppError('validation_failed', 'Choose at least one event');
  if ((await db.webhook.count({ where: { userId: caller.userId } })) >= MAX_WEBHOOKS) {
    throw new AppError('conflict', `At most ${MAX_WEBHOOKS} webhooks per account`);
  }
  const secret = SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
  const row = await db.webhook.create({
    data: {
      id: `wh_${randomToken(16)}`,
      userId: caller.userId,
      url: url.href,
      events,
      secretEncrypted: seal(SECRET_SEAL_PURPOSE, secret),
    },
  });
  return { row, secret };
}

export const listWebhooks = (caller: AccountCaller) =>
  db.webhook.findMany({ where: { userId: caller.userId }, orderBy: { createdAt: 'desc' } });

/** The caller's webhook, else 404 (another account's id is not told apart from a missing one). */
async function getWebhookOrThrow(caller: AccountCaller, id: string) {
  const row = await db.webhook.findUnique({ where: { id } });
  if (!row || row.userId !== caller.userId) throw new AppError('not_found', 'Webhook not found');
  return row;
}

export async function deleteWebhook(caller: AccountCaller, id: string) {
  await getWebhookOrThrow(caller, id);
  await db.webhook.deleteMany({ where: { id, userId: caller.userId } });
}

export async function listDeliveries(caller: AccountCaller, id: string) {
  await getWebhookOrThrow(caller, id);
  return db.webhookDelivery.findMany({
    where: { webhookId: id },
    orderBy: { createdAt: 'desc' },
    take: DELIVERIES_LISTED,
  });
}
