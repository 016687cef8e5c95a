import Stripe from 'stripe';
import { PAID_PLANS, type PaidPlanId } from '@/lib/plans';
import { config } from '@/lib/config';

// Stripe is configured by STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and one price id per paid plan
// (STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO, STRIPE_PRICE_BUSINESS). STRIPE_API_BASE points the
// client elsewhere (tests use a local fake of Stripe's HTTP API).
export const stripeConfigured = () => Boolean(config.stripeSecretKey);

/** The signing secret of the webhook endpoint (`whsec_…`), if set. */
export const stripeWebhookSecret = () => config.stripeWebhookSecret;

// The client is cached per (key, base): changing either (tests do) builds a new one.
let client: { key: string; client: Stripe } | undefined;
export function stripe(): Stripe {
  const secret = config.stripeSecretKey;
  if (!secret) throw new Error('Stripe is not configured');
  const apiBase = config.stripeApiBase ?? '';
  const cacheKey = `${secret}\n${apiBase}`;
  if (client?.key !== cacheKey) {
    const base = apiBase ? new URL(apiBase) : undefined;
    const options: Stripe.StripeConfig = base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {};
    client = { key: cacheKey, client: new Stripe(secret, options) };
  }
  return client.client;
}

/** Forgets the cached client (tests that change STRIPE_* variables). */
export function resetStripeClientForTests(): void {
  client = undefined;
}

export const priceIdFor = (plan: PaidPlanId) => process.env[`STRIPE_PRICE_${plan.toUpperCase()}`];

export function planForPrice(priceId: string | undefined): PaidPlanId | null {
  return PAID_PLANS.find((plan) => priceId && priceIdFor(plan) === priceId) ?? null;
}
