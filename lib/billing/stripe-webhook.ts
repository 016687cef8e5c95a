import type Stripe from 'stripe';
import { AppError } from '@/lib/errors';
import { BILLING_NOT_CONFIGURED } from '@/lib/billing/billing-errors';
import { handleStripeEvent } from '@/lib/billing/handle-stripe-event';
import { stripe, stripeConfigured, stripeWebhookSecret } from '@/lib/billing/stripe-config';

/** Verifies the signature over the exact bytes Stripe sent; anything else is a 400. */
function verifyStripeEvent(rawBody: string, signature: string | null): Stripe.Event {
  const secret = stripeWebhookSecret();
  if (!stripeConfigured() || !secret)
    throw new AppError(
      'service_unavailable',
      `${BILLING_NOT_CONFIGURED} (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)`,
    );
  if (!signature) throw new AppError('bad_request', 'Missing Stripe-Signature header');
  try {
    return stripe().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('bad_request', 'Invalid Stripe signature');
  }
}

/** Verifies and applies one delivery: `{received: true}`, with `duplicate: true` for a replay. */
export async function receiveStripeWebhook(rawBody: string, signature: string | null) {
  const outcome = await handleStripeEvent(verifyStripeEvent(rawBody, signature));
  return outcome.duplicate ? { received: true, duplicate: true } : { received: true };
}
