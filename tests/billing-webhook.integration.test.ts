import { describe, expect, it } from 'vitest';
import * as webhook from '@/app/api/webhooks/stripe/route';
import { setPlan } from '@/lib/admin/admin-commands';
import { stripe } from '@/lib/billing/stripe-config';
import { db } from '@/lib/db';
import { resolveCaller } from '@/lib/identity/resolve-caller';
import { createSession } from '@/lib/accounts/sessions';
import { RouteClient } from '@/tests/support/route-client';
import {
  SECRET,
  checkoutSession,
  deliver,
  event,
  newUser,
  now,
  subscription,
  uid,
  userOf,
  withStripeTestEnv,
} from '@/tests/support/stripe-webhook';

// Stripe → POST /api/webhooks/stripe, signed like Stripe signs (no network): plans follow the
// subscription, bad signatures are refused, replays change nothing.

withStripeTestEnv();

describe('Stripe webhook', () => {
  it('checkout then subscription events put the account on the paid plan, read on its next request', async () => {
    const user = await newUser();
    const cus = `cus_${uid()}`;
    const sub = `sub_${uid()}`;
    const t = now();
    const completed = await deliver(
      event({
        type: 'checkout.session.completed',
        created: t,
        object: checkoutSession({ userId: user.id, customer: cus, subscription: sub, metadata: { user_id: user.id } }),
      }),
    );
    expect(completed).toEqual({ status: 200, body: { received: true } });
    expect(await userOf(user.id)).toMatchObject({ stripeCustomerId: cus, stripeSubscriptionId: sub, plan: 'free' });

    const periodEnd = t + 30 * 86400;
    expect(
      (
        await deliver(
          event({
            type: 'customer.subscription.created',
            created: t + 1,
            object: subscription({ id: sub, customer: cus, periodEnd }),
          }),
        )
      ).status,
    ).toBe(200);
    const after = await userOf(user.id);
    expect(after).toMatchObject({
      plan: 'pro',
      subscriptionStatus: 'active',
      currentPeriodEnd: new Date(periodEnd * 1000),
      billingEventAt: new Date((t + 1) * 1000),
    });

    // The identity layer reads the plan on every request: the next request is a Pro caller.
    const { access_token } = await createSession(user.id);
    const { caller } = await resolveCaller(
      new Headers({ authorization: `Bearer ${access_token}` }),
      new Map(),
      'bearer',
    );
    expect(caller.plan).toBe('pro');
  });

  it('a subscription event arriving before checkout.session.completed finds the account by metadata', async () => {
    const user = await newUser();
    const cus = `cus_${uid()}`;
    const sub = `sub_${uid()}`;
    await deliver(
      event({
        type: 'customer.subscription.created',
        created: now(),
        object: subscription({ id: sub, customer: cus, price: 'price_starter', userId: user.id }),
      }),
    );
    expect(await userOf(user.id)).toMatchObject({ plan: 'starter', stripeCustomerId: cus, stripeSubscriptionId: sub });
    await deliver(
      event({
        type: 'checkout.session.completed',
        created: now() - 1,
        object: checkoutSession({ userId: user.id, customer: cus, subscription: sub }),
      }),
    );
    expect(await userOf(user.id)).toMatchObject({ plan: 'starter', stripeCustomerId: cus, stripeSubscriptionId: sub });
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const cus = `cus_${uid()}`;
    const user = await newUser({ stripeCustomerId: cus });
    const evt = event({
      type: 'customer.subscription.updated',
      created: now(),
      object: subscription({ id: `sub_${uid()}`, customer: cus, price: 'price_business' }),
    });
    const forged = stripe().webhooks.generateTestHeaderString({
      payload: JSON.stringify(evt),
      secret: 'whsec_someone_else',
    });
    const bad = await deliver(evt, forged);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'bad_request', error: 'Invalid Stripe signature' });

    // A body altered after signing fails too.
    const signed = stripe().webhooks.generateTestHeaderString({ payload: JSON.stringify(evt), secret: SECRET });
    const tampered = await deliver({ ...evt, created: evt.created + 1 }, signed);
    expect(tampered.status).toBe(400);

    const res = await new RouteClient().call(webhook.POST, {
      method: 'POST',
      path: '/api/webhooks/stripe',
      body: JSON.stringify(evt),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);

    expect(await userOf(user.id)).toMatchObject({ plan: 'free', stripeSubscriptionId: null, billingEventAt: null });
    expect(await db.stripeEvent.findUnique({ where: { id: evt.id } })).toBeNull();
  });

  it('applies a replayed event once', async () => {
    const cus = `cus_${uid()}`;
    const user = await newUser({ stripeCustomerId: cus });
    const evt = event({
      type: 'customer.subscription.created',
      created: now(),
      object: subscription({ id: `sub_${uid()}`, customer: cus }),
    });
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
    const evt = event({
      type: 'customer.subscription.updated',
      created: now(),
      object: subscription({ id: `sub_${uid()}`, customer: cus }),
    });
    const results = await Promise.all([deliver(evt), deliver(evt), deliver(evt)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate).length).toBe(2);
  });
});
