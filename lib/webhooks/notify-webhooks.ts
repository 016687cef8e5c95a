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
  const row = await db.conversion.findUnique({ where: { id: conversion.id } });
  if (!row?.userId) return;
  await fireWebhookEvent(row.userId, `conversion.${outcome}`, { conversion: serializeConversion(row) });
}

/**
 * Queues one delivery of the event to each of the user's webhooks that takes it. Every attempt of
 * one delivery sends the same body under the same `messageId`.
 */
export async function fireWebhookEvent(
  userId: string,
  event: WebhookEvent,
  data: object,
  messageId = `msg_${randomToken(16)}`,
) {
  const hooks = await db.webhook.findMany({ where: { userId, events: { has: event } }, select: { id: true } });
  if (hooks.length === 0) return;
  const body = JSON.stringify({ type: event, timestamp: new Date().toISOString(), data });
  for (const hook of hooks) await enqueueWebhookDelivery({ webhookId: hook.id, messageId, event, body });
}
