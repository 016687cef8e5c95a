import { Webhook } from 'standardwebhooks';
import type { components } from './schema.js';
import { TransmuteError } from './errors.js';

export type WebhookEvent = components['schemas']['WebhookEvent'];

/**
 * Verifies a delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`)
 * with the `whsec_…` secret shown when the webhook was created; returns the event, or throws a
 * TransmuteError `invalid_signature` (400) for a forged, altered or stale delivery.
 */
export function verifyWebhook(
  payload: string,
  headers: Headers | Record<string, string>,
  secret: string,
): WebhookEvent {
  const plain = headers instanceof Headers ? Object.fromEntries(headers) : headers;
  const lower = Object.fromEntries(Object.entries(plain).map(([k, v]) => [k.toLowerCase(), v]));
  try {
    return new Webhook(secret).verify(payload, lower) as WebhookEvent;
  } catch (e) {
    throw new TransmuteError(400, { code: 'invalid_signature', error: (e as Error).message });
  }
}
