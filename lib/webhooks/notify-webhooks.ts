import { db } from '@/lib/db';
import { randomToken } from '@/lib/crypto';
import { enqueueWebhookDelivery } from '@/lib/jobs/enqueue';
import type { WebhookEvent } from '@/lib/domain/webhook-rules';

// A conversion's own events are owed with its outcome and relayed (lib/webhooks/webhook-outbox.ts);
// the others (batch.completed) are queued here when they fire.

/**
 * Queues one delivery of the event to each of the user's webhooks that takes it. Every attempt of
 * one delivery sends the same body under the same `messageId`.
 */
export async function fireWebhookEvent(userId: string, event: WebhookEvent, data: object, messageId = newMessageId()) {
  const hooks = await db.webhook.findMany({ where: { userId, events: { has: event } }, select: { id: true } });
  if (hooks.length === 0) return;
  const body = webhookBody(event, data, new Date());
  for (const hook of hooks) await enqueueWebhookDelivery({ webhookId: hook.id, messageId, event, body });
}

/** A message's id: the `webhook-id` of every attempt of one event's delivery. */
export const newMessageId = () => `msg_${randomToken(16)}`;

/** The body every attempt sends: the event, when it happened, and its object. */
export const webhookBody = (event: WebhookEvent, data: object, at: Date) =>
  JSON.stringify({ type: event, timestamp: at.toISOString(), data });
