import { Webhook as StandardWebhook } from 'standardwebhooks';
import { unseal } from '@/lib/crypto';
import { db } from '@/lib/db';
import type { WebhookDeliveryData } from '@/lib/jobs/events';
import { outboundRequest } from '@/lib/outbound/client';
import { randomToken } from '@/lib/crypto';
import { WEBHOOK_DELIVERY_ATTEMPTS } from '@/lib/jobs/retries';
import { DELIVERY_TIMEOUT_MS, SECRET_SEAL_PURPOSE } from '@/lib/domain/webhook-rules';

/** How much of a receiver's answer is read (and dropped). */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** How much of a redirect's `Location` the log keeps. */
const MAX_LOCATION_CHARS = 2048;

export type DeliveryOutcome = 'delivered' | 'gave-up' | 'gone';

/** A failed attempt with attempts left: thrown so the queue retries it (with backoff). */
export class DeliveryAttemptFailed extends Error {
  override name = 'DeliveryAttemptFailed';
}

/**
 * One delivery attempt, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) through the outbound client: destination checked at connect time,
 * redirects not followed (a 3xx fails), 10 s per attempt. Every attempt is recorded; the attempt
 * number is the count of recorded ones, so it holds under either queue, and a message already
 * delivered is not sent again.
 */
export async function deliverWebhook(data: WebhookDeliveryData): Promise<DeliveryOutcome> {
  const hook = await db.webhook.findUnique({ where: { id: data.webhookId } });
  if (!hook) return 'gone'; // deleted since the event fired
  const earlier = await db.webhookDelivery.findMany({
    where: { webhookId: hook.id, messageId: data.messageId },
    select: { success: true },
  });
  // A message goes out once: a second job for it (handed to the queue again after a hand-over
  // whose commit was lost, lib/webhooks/webhook-outbox.ts) sends nothing once one attempt succeeded.
  if (earlier.some((d) => d.success)) return 'delivered';
  const attempt = earlier.length + 1;
  if (attempt > WEBHOOK_DELIVERY_ATTEMPTS) return 'gave-up';

  const timestamp = new Date();
  const signature = new StandardWebhook(unseal(SECRET_SEAL_PURPOSE, hook.secretEncrypted)).sign(
    data.messageId,
    timestamp,
    data.body,
  );
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  let location: string | null = null;
  try {
    const res = await outboundRequest(hook.url, {
      method: 'POST',
      body: data.body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': data.messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      maxRedirects: 0,
      totalTimeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    statusCode = res.status;
    await drain(res.body);
    if (res.status >= 300 && res.status < 400) {
      // Not followed (a signed delivery goes to the registered address only), but recorded, so the
      // owner sees where the receiver moved (often http → https).
      location = redirectTarget(res.headers.location, hook.url);
      error = `Redirect (HTTP ${res.status})${location ? ` to ${location}` : ''} not followed: register the final address`;
    } else if (res.status < 200 || res.status > 299) error = `The receiver answered HTTP ${res.status}`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  await db.webhookDelivery.create({
    data: {
      id: `whd_${randomToken(16)}`,
      webhookId: hook.id,
      messageId: data.messageId,
      event: data.event,
      attempt,
      statusCode,
      success: error === null,
      error,
      location,
      durationMs: Math.round(performance.now() - started),
    },
  });
  if (error === null) return 'delivered';
  if (attempt < WEBHOOK_DELIVERY_ATTEMPTS)
    throw new DeliveryAttemptFailed(`Webhook ${hook.id} attempt ${attempt}: ${error}`);
  return 'gave-up';
}

/** A redirect's Location as an absolute URL where it parses (else as sent), without control characters. */
function redirectTarget(header: string | string[] | undefined, base: string): string | null {
  const raw = (Array.isArray(header) ? header[0] : header)?.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!raw) return null;
  let target = raw;
  try {
    target = new URL(raw, base).href;
  } catch {
    // Kept as sent: the owner still learns what the receiver answered.
  }
  return target.slice(0, MAX_LOCATION_CHARS);
}

async function drain(body: NodeJS.ReadableStream) {
  try {
    for await (const chunk of body) void chunk;
  } catch {
    // A long or broken answer does not change the status the receiver gave.
  }
}
