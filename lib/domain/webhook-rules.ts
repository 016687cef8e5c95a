// The facts of webhooks, in one place: event names, the secret's form and timeouts (retries: lib/jobs/retries.ts).

export const WEBHOOK_EVENTS = ['conversion.completed', 'conversion.failed', 'batch.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Standard Webhooks secret prefix; the rest is base64 of 32 random bytes. */
export const SECRET_PREFIX = 'whsec_';
export const SECRET_BYTES = 32;
/** Purpose of the app-secret encryption of stored webhook secrets (lib/crypto.ts `seal`). */
export const SECRET_SEAL_PURPOSE = 'webhook-secret';

/** Per attempt, from the lookup to the answer; a slower receiver is a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Delivery attempts listed per webhook. */
export const DELIVERIES_LISTED = 100;
/** How long a delivery attempt stays in the log (the retention sweep deletes older ones). */
export const DELIVERY_LOG_DAYS = 30;
/** Webhooks per account. */
export const MAX_WEBHOOKS = 20;
/** How often a worker hands over deliveries still owed (those an outage kept from the queue). */
export const OUTBOX_RELAY_INTERVAL_MS = 5_000;
