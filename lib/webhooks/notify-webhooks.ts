import { db } from '@/lib/db';
import { randomToken } from '@/lib/crypto';
import type { ConversionFinished } from '@/lib/conversions/lifecycle';
import { enqueueWebhookDelivery } from '@/lib/jobs/enqueue';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import type { WebhookEvent } from '@/lib/domain/webhook-rules';

/**
 * Queues a delivery of `conversion.completed` or `conversion.failed` to each of the owner's
 * webhooks that takes it, after a run finished (whichever credential made the conversion: the
 * row's owner decides). Subscribed to the conversion's lifecycle.
 */
export async function notifyConversionFinished({
  conversion,
  outcome,
}: Pick<ConversionFinished, 'conversion' | 'outcome'>) {
  // Anonymous conversions have no webhooks: no query on their path.
  if (!conversion.userId) return;
  const event: WebhookEvent = `conversion.${outcome}`;
  // Most accounts have no webhook: the row is read again, in its final state, only for a delivery.
  const hooks = await webhooksTaking(conversion.userId, event);
  if (hooks.length === 0) return;
  const row = await db.conversion.findUnique({ where: { id: conversion.id } });
  if (!row) return;
  await queueDeliveries(hooks, event, { conversion: serializeConversion(row) }, newMessageId());
}

/**
 * Queues one delivery of the event to each of the user's webhooks that takes it. Every attempt of
 * one delivery sends the same body under the same `messageId`.
 */
export async function fireWebhookEvent(userId: string, event: WebhookEvent, data: object, messageId = newMessageId()) {
  await queueDeliveries(await webhooksTaking(userId, event), event, data, messageId);
}

const newMessageId = () => `msg_${randomToken(16)}`;

/** The user's webhooks that take `event`. */
function webhooksTaking(userId: string, event: WebhookEvent): Promise<Array<{ id: string }>> {
  return db.webhook.findMany({ where: { userId, events: { has: event } }, select: { id: true } });
}

async function queueDeliveries(hooks: Array<{ id: string }>, event: WebhookEvent, data: object, messageId: string) {
  if (hooks.length === 0) return;
  const body = JSON.stringify({ type: event, timestamp: new Date().toISOString(), data });
  for (const hook of hooks) await enqueueWebhookDelivery({ webhookId: hook.id, messageId, event, body });
}
