import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as checkout from '@/app/api/v1/billing/checkout/route';
import * as portal from '@/app/api/v1/billing/portal/route';
import { createSession } from '@/lib/accounts/sessions';
import { resetStripeClientForTests } from '@/lib/billing/stripe-config';
import { db } from '@/lib/db';
import { startFakeStripe, type FakeStripe } from '@/tests/support/fake-stripe';
import { overrideEnv } from '@/tests/support/env';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { randomEmail } from '@/tests/support/test-data';

// POST /api/v1/billing/checkout and /portal against a fake of Stripe's HTTP API: the real stripe
// client, real identity layer and PostgreSQL; only Stripe's servers are replaced.

let fake: FakeStripe;
let restoreEnv: () => void;

beforeAll(async () => {
  fake = await startFakeStripe();
});
beforeEach(() => {
  restoreEnv = overrideEnv({
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_API_BASE: fake.base,
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_PRICE_STARTER: 'price_starter',
    STRIPE_PRICE_BUSINESS: undefined,
  });
  resetStripeClientForTests();
  fake.requests.length = 0;
});
afterEach(() => {
  restoreEnv();
  resetStripeClientForTests();
});
afterAll(() => fake.close());

const uid = () => randomUUID().slice(0, 8);
async function signedIn(
  data: { stripeCustomerId?: string; plan?: 'pro'; stripeSubscriptionId?: string; subscriptionStatus?: string } = {},
) {
  const user = await db.user.create({ data: { email: randomEmail('checkout'), ...data } });
  const { access_token } = await createSession(user.id);
  return { user, client: new RouteClient({ authorization: `Bearer ${access_token}` }) };
}

const startCheckout = (client: RouteClient, body: unknown) =>
  client.call(checkout.POST, { method: 'POST', path: '/api/v1/billing/checkout', ...jsonBody(body) });
const openPortal = (client: RouteClient) =>
  client.call(portal.POST, { method: 'POST', path: '/api/v1/billing/portal' });

describe('POST /api/v1/billing/checkout', () => {
  it("creates a subscription Checkout Session for the plan's price and the signed-in user", async () => {
    const { user, client } = await signedIn();
    const res = await startCheckout(client, { plan: 'pro' });
    expect(res.status).toBe(200);
    const { url } = await res.json();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_x' });
    expect(req.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      customer_email: user.email,
      'subscription_data[metadata][user_id]': user.id,
    });
    expect(req.form.customer).toBeUndefined();
    expect(req.form.success_url).toMatch(/^https?:\/\/[^/]+\/dashboard\/billing\?checkout=success$/);
    expect(req.form.cancel_url).toMatch(/^https?:\/\/[^/]+\/dashboard\/billing\?checkout=cancelled$/);
  });

  it('reuses the Stripe customer of an account that has one', async () => {
    const { user, client } = await signedIn({ stripeCustomerId: `cus_${uid()}` });
    expect((await startCheckout(client, { plan: 'starter' })).status).toBe(200);
    expect(fake.requests[0].form).toMatchObject({
      customer: user.stripeCustomerId,
      'line_items[0][price]': 'price_starter',
    });
    expect(fake.requests[0].form.customer_email).toBeUndefined();
  });

  it('400 for a plan without a price, an unknown plan or extra fields; 401 without a session', async () => {
    const { client } = await signedIn();
    const noPrice = await startCheckout(client, { plan: 'business' });
    expect(noPrice.status).toBe(400);
    expect((await noPrice.json()).error).toMatch(/business plan has no price configured/);
    expect((await startCheckout(client, { plan: 'free' })).status).toBe(400);
    expect((await startCheckout(client, { plan: 'pro', price: 'price_cheap' })).status).toBe(400);
    expect((await startCheckout(client, {})).status).toBe(400);
    expect((await startCheckout(new RouteClient(), { plan: 'pro' })).status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it('409 when the account already has a live subscription (active, trialing or past_due)', async () => {
    for (const subscriptionStatus of ['active', 'trialing', 'past_due']) {
      const { client } = await signedIn({
        stripeCustomerId: `cus_${uid()}`,
        plan: 'pro',
        stripeSubscriptionId: `sub_${uid()}`,
        subscriptionStatus,
      });
      const res = await startCheckout(client, { plan: 'starter' });
      expect(res.status, subscriptionStatus).toBe(409);
      expect((await res.json()).code).toBe('invalid_state');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('a subscription that ended (canceled, unpaid) does not stand in the way of a new checkout', async () => {
    for (const subscriptionStatus of ['canceled', 'unpaid']) {
      const { client } = await signedIn({
        stripeCustomerId: `cus_${uid()}`,
        plan: 'pro',
        stripeSubscriptionId: `sub_${uid()}`,
        subscriptionStatus,
      });
      expect((await startCheckout(client, { plan: 'starter' })).status, subscriptionStatus).toBe(200);
    }
    expect(fake.requests).toHaveLength(2);
  });

  it('503 with a clear message when Stripe is not configured', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    const { client } = await signedIn();
    for (const res of [await startCheckout(client, { plan: 'pro' }), await openPortal(client)]) {
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 'service_unavailable',
        error: 'Billing is not configured; upgrades are managed by the administrator',
      });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('503 when Stripe answers with an error (details are logged, not echoed)', async () => {
    const { client } = await signedIn();
    fake.failNext(400, "No such price: 'price_pro'");
    const res = await startCheckout(client, { plan: 'pro' });
    expect(res.status).toBe(503);
    expect((await res.json()).error).not.toContain('price_pro');
  });
});

describe('POST /api/v1/billing/portal', () => {
  it("opens the Customer Portal for the account's Stripe customer", async () => {
    const { user, client } = await signedIn({ stripeCustomerId: `cus_${uid()}` });
    const res = await openPortal(client);
    expect(res.status).toBe(200);
    expect((await res.json()).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { customer: user.stripeCustomerId },
    });
    expect(fake.requests[0].form.return_url).toMatch(/^https?:\/\/[^/]+\/dashboard\/billing$/);
  });

  it('409 invalid_state when the account has no Stripe customer yet', async () => {
    const { client } = await signedIn();
    const res = await openPortal(client);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('invalid_state');
    expect(fake.requests).toHaveLength(0);
  });

  it('401 without a session token', async () => {
    expect((await openPortal(new RouteClient())).status).toBe(401);
  });
});
