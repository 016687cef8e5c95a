import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as webhook from '@/app/api/webhooks/stripe/route';
import { setPlan } from '@/lib/admin/admin-commands';
import { resetStripeClientForTests, stripe } from '@/lib/billing/stripe-config';
import { db } from '@/lib/db';
import { resolveCaller } from '@/lib/identity/resolve-caller';
import { createSession } from '@/lib/accounts/sessions';
import { overrideEnv, withEnv } from '@/tests/support/env';
import { RouteClient } from '@/tests/support/route-client';
import { randomEmail } from '@/tests/support/test-data';

// Stripe → POST /api/webhooks/stripe, signed like Stripe signs (no network): plans follow the
// subscription, replays and stale events change nothing, bad signatures are refused.

const SECRET = 'whsec_test_transmute';
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

const uid = () => randomUUID().replaceAll('-', '').slice(0, 14);
const newUser = (data: { stripeCustomerId?: string } = {}) => db.user.create({ data: { email: randomEmail('billing'), ...data } });
const now = () => Math.floor(Date.now() / 1000);

type StripeEventInput = { id?: string; type: string; created: number; object: Record<string, unknown> };
const event = ({ id = `evt_${uid()}`, type, created, object }: StripeEventInput) =>
  ({ id, object: 'event', api_version: '2025-10-29.clover', created, type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } });

function subscription(o: { id: string; customer: string; status?: string; price?: string; periodEnd?: number; userId?: string }) {
  return {
    id: o.id,
    object: 'subscription',
    customer: o.customer,
    status: o.status ?? 'active',
    metadata: o.userId ? { user_id: o.userId } : {},
    items: { object: 'list', data: [{ id: `si_${uid()}`, object: 'subscription_item', price: { id: o.price ?? 'price_pro', object: 'price' }, current_period_end: o.periodEnd ?? now() + 30 * 86400 }] },
  };
}

const client = new RouteClient();
async function deliver(payload: object, signature?: string) {
  const body = JSON.stringify(payload);
  const sig = signature ?? stripe().webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
  const res = await client.call(webhook.POST, { method: 'POST', path: '/api/webhooks/stripe', body, headers: { 'content-type': 'application/json', 'stripe-signature': sig } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const userOf = (id: string) => db.user.findUniqueOrThrow({ where: { id } });

describe('Stripe webhook', () => {
  it('checkout then subscription events put the account on the paid plan, read on its next request', async () => {
    const user = await newUser();
    const cus = `cus_${uid()}`;
    const sub = `sub_${uid()}`;
    const t = now();
    const completed = await deliver(event({ type: 'checkout.session.completed', created: t, object: { id: `cs_${uid()}`, object: 'checkout.session', mode: 'subscription', client_reference_id: user.id, customer: cus, subscription: sub, metadata: { user_id: user.id } } }));
    expect(completed).toEqual({ status: 200, body: { received: true } });
    expect(await userOf(user.id)).toMatchObject({ stripeCustomerId: cus, stripeSubscriptionId: sub, plan: 'free' });

    const periodEnd = t + 30 * 86400;
    expect((await deliver(event({ type: 'customer.subscription.created', created: t + 1, object: subscription({ id: sub, customer: cus, periodEnd }) }))).status).toBe(200);
    const after = await userOf(user.id);
    expect(after).toMatchObject({ plan: 'pro', subscriptionStatus: 'active', currentPeriodEnd: new Date(periodEnd * 1000), billingEventAt: new Date((t + 1) * 1000) });

    // The identity layer reads the plan on every request: the next request is a Pro caller.
    const { access_token } = await createSession(user.id);
    const { caller } = await resolveCaller(new Headers({ authorization: `Bearer ${access_token}` }), new Map(), 'bearer');
    expect(caller.plan).toBe('pro');
  });

  it('a subscription event arriving before checkout.session.completed finds the account by metadata', async () => {
    const user = await newUser();
    const cus = `cus_${uid()}`;
    const sub = `sub_${uid()}`;
    await deliver(event({ type: 'customer.subscription.created', created: now(), object: subscription({ id: sub, customer: cus, price: 'price_starter', userId: user.id }) }));
    expect(await userOf(user.id)).toMatchObject({ plan: 'starter', stripeCustomerId: cus, stripeSubscriptionId: sub });
    await deliver(event({ type: 'checkout.session.completed', created: now() - 1, object: { id: `cs_${uid()}`, object: 'checkout.session', mode: 'subscription', client_reference_id: user.id, customer: cus, subscription: sub } }));
    expect(await userOf(user.id)).toMatchObject({ plan: 'starter', stripeCustomerId: cus, stripeSubscriptionId: sub });
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const cus = `cus_${uid()}`;
    const user = await newUser({ stripeCustomerId: cus });
    const evt = event({ type: 'customer.subscription.updated', created: now(), object: subscription({ id: `sub_${uid()}`, customer: cus, price: 'price_business' }) });
    const forged = stripe().webhooks.generateTestHeaderString({ payload: JSON.stringify(evt), secret: 'whsec_someone_else' });
    const bad = await deliver(evt, forged);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'bad_request', error: 'Invalid Stripe signature' });

    // A body altered after signing fails too.
    const signed = stripe().webhooks.generateTestHeaderString({ payload: JSON.stringify(evt), secret: SECRET });
    const tampered = await deliver({ ...evt, created: evt.created + 1 }, signed);
    expect(tampered.status).toBe(400);

    const res = await client.call(webhook.POST, { method: 'POST', path: '/api/webhooks/stripe', body: JSON.stringify(evt), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);

    expect(await userOf(user.id)).toMatchObject({ plan: 'free', stripeSubscriptionId: null, billingEventAt: null });
    expect(await db.stripeEvent.findUnique({ where: { id: evt.id } })).toBeNull();
  });

  it('applies a replayed event once', async () => {
    const cus = `cus_${uid()}`;
    const user = await newUser({ stripeCustomerId: cus });
    const evt = event({ type: 'customer.subscription.created', created: now(), object: subscription({ id: `sub_${uid()}`, customer: cus }) });
    expect(await deliver(evt)).toEqual({ status: 200, body: { received: true } });
    expect((await userOf(user.id)).plan).toBe('pro');

    // The administrator changes the plan by hand; a replay of the old event must not undo that.
    expect((await setPlan(user.email, 'free')).plan).toBe('free');
    expect(await deliver(evt)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect((await userOf(user.id)).plan).toBe('free');
    expect(await db.stripeEvent.count({ where: { id: evt.id } })).toBe(1);
  });

  it('replays delivered concurrently are applied once', async () => {
    const cus = `cus_${uid()}`;
    await newUser({ stripeCustomerId: cus });
    const evt = event({ type: 'customer.subscription.updated', created: now(), object: subscription({ id: `sub_${uid()}`, customer: cus }) });
    const results = await Promise.all([deliver(evt), deliver(evt), deliver(evt)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate).length).toBe(2);
  });

  it('an older subscription.updated arriving after a newer one does not overwrite it', async () => {
    const cus = `cus_${uid()}`;
    const sub = `sub_${uid()}`;
    const user = await newUser({ stripeCustomerId: cus });
    const t = now();
    await deliver(event({ type: 'customer.subscription.updated', created: t, object: subscription({ id: sub, customer: cus, price: 'price_business', periodEnd: t + 1000 }) }));
    const late = await deliver(event({ type: 'customer.subscription.updated', created: t - 60, object: subscription({ id: sub, customer: cus, price: 'price_starter', periodEnd: t + 500 }) }));
    expect(late).toEqual({ status: 200, body: { received: true } });
    expect(await userOf(user.id)).toMatchObject({ plan: 'business', currentPeriodEnd: new Date((t + 1000) * 1000), billingEventAt: new Date(t * 1000) });

    // A late "active" event after the deletion does not resurrect the plan either.
    await deliver(event({ type: 'customer.subscription.deleted', created: t + 10, object: subscription({ id: sub, customer: cus, status: 'canceled', price: 'price_business' }) }));
    await deliver(event({ type: 'customer.subscription.updated', created: t + 5, object: subscription({ id: sub, customer: cus, price: 'price_business' }) }));
    expect(await userOf(user.id)).toMatchObject({ plan: 'free', subscriptionStatus: 'canceled' });
  });

  it('subscription deleted, canceled, unpaid or incomplete_expired → Free; trialing and past_due keep the plan', async () => {
    const cus = `cus_${uid()}`;
    const sub = `sub_${uid()}`;
    const user = await newUser({ stripeCustomerId: cus });
    const t = now();
    const send = (type: string, created: number, status: string) => deliver(event({ type, created, object: subscription({ id: sub, customer: cus, status }) }));
    await send('customer.subscription.created', t, 'active');
    expect((await userOf(user.id)).plan).toBe('pro');
    await send('customer.subscription.updated', t + 1, 'past_due');
    expect(await userOf(user.id)).toMatchObject({ plan: 'pro', subscriptionStatus: 'past_due' });
    await send('customer.subscription.updated', t + 2, 'unpaid');
    expect(await userOf(user.id)).toMatchObject({ plan: 'free', subscriptionStatus: 'unpaid' });
    await send('customer.subscription.updated', t + 3, 'trialing');
    expect(await userOf(user.id)).toMatchObject({ plan: 'pro', subscriptionStatus: 'trialing' });
    await send('customer.subscription.updated', t + 4, 'canceled');
    expect(await userOf(user.id)).toMatchObject({ plan: 'free', subscriptionStatus: 'canceled' });
    await send('customer.subscription.updated', t + 5, 'active');
    expect((await userOf(user.id)).plan).toBe('pro');
    await send('customer.subscription.deleted', t + 6, 'canceled');
    expect(await userOf(user.id)).toMatchObject({ plan: 'free', subscriptionStatus: 'canceled', stripeSubscriptionId: sub });

    const other = await newUser({ stripeCustomerId: `cus_${uid()}` });
    await deliver(event({ type: 'customer.subscription.updated', created: t, object: subscription({ id: `sub_${uid()}`, customer: other.stripeCustomerId!, status: 'incomplete_expired' }) }));
    expect((await userOf(other.id)).plan).toBe('free');
  });

  it('the deletion of a replaced subscription does not downgrade the current one', async () => {
    const cus = `cus_${uid()}`;
    const oldSub = `sub_${uid()}`;
    const newSub = `sub_${uid()}`;
    const user = await newUser({ stripeCustomerId: cus });
    const t = now();
    await deliver(event({ type: 'customer.subscription.created', created: t, object: subscription({ id: oldSub, customer: cus, price: 'price_starter' }) }));
    await deliver(event({ type: 'customer.subscription.created', created: t + 1, object: subscription({ id: newSub, customer: cus, price: 'price_business' }) }));
    await deliver(event({ type: 'customer.subscription.deleted', created: t + 2, object: subscription({ id: oldSub, customer: cus, status: 'canceled', price: 'price_starter' }) }));
    expect(await userOf(user.id)).toMatchObject({ plan: 'business', stripeSubscriptionId: newSub, subscriptionStatus: 'active' });
  });

  it('acknowledges unknown customers and other event types without applying anything', async () => {
    expect(await deliver(event({ type: 'customer.subscription.updated', created: now(), object: subscription({ id: `sub_${uid()}`, customer: `cus_${uid()}` }) }))).toEqual({ status: 200, body: { received: true } });
    const invoice = event({ type: 'invoice.paid', created: now(), object: { id: `in_${uid()}`, object: 'invoice' } });
    expect((await deliver(invoice)).status).toBe(200);
    expect(await db.stripeEvent.findUnique({ where: { id: invoice.id } })).toBeNull();
  });

  it('answers 503 when this instance has no webhook secret', async () => {
    await withEnv({ STRIPE_WEBHOOK_SECRET: undefined }, async () => {
      const res = await deliver(event({ type: 'invoice.paid', created: now(), object: {} }), 't=1,v1=00');
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('service_unavailable');
    });
  });
});
