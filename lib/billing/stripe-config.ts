import Stripe from 'stripe';
import type { Plan } from '@/lib/generated/prisma/enums';

// Stripe is configured by STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and one price id per paid plan
// (STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO, STRIPE_PRICE_BUSINESS). STRIPE_API_BASE points the
// client elsewhere (tests use a local fake of Stripe's HTTP API).
export const stripeConfigured = () => Boolean(process.env.STRIPE_SECRET_KEY);

let client: Stripe | undefined;
export function stripe(): Stripe {
  if (!process.env.STRIPE_SECRET_KEY) throw new Error('Stripe is not configured');
  if (!client) {
    const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : undefined;
    client = new Stripe(process.env.STRIPE_SECRET_KEY, base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {});
  }
  return client;
}

export const priceIdFor = (plan: Exclude<Plan, 'free'>) => process.env[`STRIPE_PRICE_${plan.toUpperCase()}`];

export function planForPrice(priceId: string | undefined): Plan | null {
  for (const plan of ['starter', 'pro', 'business'] as const) if (priceId && priceIdFor(plan) === priceId) return plan;
  return null;
}
