import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import * as webhook from '@/app/api/webhooks/stripe/route';
import { resetStripeClientForTests, stripe } from '@/lib/billing/stripe-config';
import { db } from '@/lib/db';
import { overrideEnv } from '@/tests/support/env';
import { RouteClient } from '@/tests/support/route-client';
import { randomEmail } from '@/tests/support/test-data';

// Stripe's side of the webhook tests: events and subscriptions shaped like Stripe's, signed with
// the test secret and delivered to POST /api/webhooks/stripe in process (no network).

export const SECRET = 'whsec_test_transmute';
/** Stripe configured with the test secret and prices for the calling test file. */
export function withStripeTestEnv() {
  let restoreEnv: () => void;
  beforeAll(() => {
    restoreEnv = overrideEnv({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_STARTER: 'price_starter',
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_BUSINESS: 'price_business',
      STRIPE_API_BASE: undefined,
    });
    resetStripeClientForTests();
  });
  afterAll(() => {
    restoreEnv();
    resetStripeClientForTests();
  });
}

export const uid = () => randomUUID().replaceAll('-', '').slice(0, 14);
export const newUser = (data: { stripeCustomerId?: string } = {}) =>
  db.user.create({ data: { email: randomEmail('billing'), ...data } });
export const now = () => Math.floor(Date.now() / 1000);

export type StripeEventInput = { id?: string; type: string; created: number; object: Record<string, unknown> };
export const event = ({ id = `evt_${uid()}`, type, created, object }: StripeEventInput) => ({
  id,
  object: 'event',
  api_version: '2025-10-29.clover',
  created,
  type,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

export function subscription(o: {
  id: string;
  customer: string;
  status?: string;
  price?: string;
  periodEnd?: number;
  userId?: string;
}) {
  return {
    id: o.id,
    object: 'subscription',
    customer: o.customer,
    status: o.status ?? 'active',
    metadata: o.userId ? { user_id: o.userId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${uid()}`,
          object: 'subscription_item',
          price: { id: o.price ?? 'price_pro', object: 'price' },
          current_period_end: o.periodEnd ?? now() + 30 * 86400,
        },
      ],
    },
  };
}

/** A completed Checkout session that started a subscription for the user. */
export const checkoutSession = (o: {
  userId: string;
  customer: string;
  subscription: string;
  metadata?: Record<string, string>;
}) => ({
  id: `cs_${uid()}`,
  object: 'checkout.session',
  mode: 'subscription',
  client_reference_id: o.userId,
  customer: o.customer,
  subscription: o.subscription,
  ...(o.metadata && { metadata: o.metadata }),
});

const client = new RouteClient();
export async function deliver(payload: object, signature?: string) {
  const body = JSON.stringify(payload);
  const sig = signature ?? stripe().webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
  const res = await client.call(webhook.POST, {
    method: 'POST',
    path: '/api/webhooks/stripe',
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': sig },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export const userOf = (id: string) => db.user.findUniqueOrThrow({ where: { id } });
