import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { withEnv } from '@/tests/support/env';
import {
  deliver,
  event,
  newUser,
  now,
  subscription,
  uid,
  userOf,
  withStripeTestEnv,
} from '@/tests/support/stripe-webhook';

// Stripe webhook events out of order: stale updates, subscription endings and replaced
// subscriptions, unknown customers, and an instance without a webhook secret.

withStripeTestEnv();

describe('Stripe webhook: order and endings', () => {
  it('an older subscription.updated arriving after a newer one does not overwrite it', async () => {
    const cus = `cus_${uid()}`;
    const sub = `sub_${uid()}`;
    const user = await newUser({ stripeCustomerId: cus });
    const t = now();
    await deliver(
      event({
        type: 'customer.subscription.updated',
        created: t,
        object: subscription({ id: sub, customer: cus, price: 'price_business', periodEnd: t + 1000 }),
      }),
    );
    const late = await deliver(
      event({
        type: 'customer.subscription.updated',
        created: t - 60,
        object: subscription({ id: sub, customer: cus, price: 'price_starter', periodEnd: t + 500 }),
      }),
    );
    expect(late).toEqual({ status: 200, body: { received: true } });
    expect(await userOf(user.id)).toMatchObject({
      plan: 'business',
      currentPeriodEnd: new Date((t + 1000) * 1000),
      billingEventAt: new Date(t * 1000),
    });

    // A late "active" event after the deletion does not resurrect the plan either.
    await deliver(
      event({
        type: 'customer.subscription.deleted',
        created: t + 10,
        object: subscription({ id: sub, customer: cus, status: 'canceled', price: 'price_business' }),
      }),
    );
    await deliver(
      event({
        type: 'customer.subscription.updated',
        created: t + 5,
        object: subscription({ id: sub, customer: cus, price: 'price_business' }),
      }),
    );
    expect(await userOf(user.id)).toMatchObject({ plan: 'free', subscriptionStatus: 'canceled' });
  });

  it('subscription deleted, canceled, unpaid or incomplete_expired → Free; trialing and past_due keep the plan', async () => {
    const cus = `cus_${uid()}`;
    const sub = `sub_${uid()}`;
    const user = await newUser({ stripeCustomerId: cus });
    const t = now();
    const send = (type: string, created: number, status: string) =>
      deliver(event({ type, created, object: subscription({ id: sub, customer: cus, status }) }));
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
    expect(await userOf(user.id)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'canceled',
      stripeSubscriptionId: sub,
    });

    const other = await newUser({ stripeCustomerId: `cus_${uid()}` });
    await deliver(
      event({
        type: 'customer.subscription.updated',
        created: t,
        object: subscription({ id: `sub_${uid()}`, customer: other.stripeCustomerId!, status: 'incomplete_expired' }),
      }),
    );
    expect((await userOf(other.id)).plan).toBe('free');
  });

  it('the deletion of a replaced subscription does not downgrade the current one', async () => {
    const cus = `cus_${uid()}`;
    const oldSub = `sub_${uid()}`;
    const newSub = `sub_${uid()}`;
    const user = await newUser({ stripeCustomerId: cus });
    const t = now();
    await deliver(
      event({
        type: 'customer.subscription.created',
        created: t,
        object: subscription({ id: oldSub, customer: cus, price: 'price_starter' }),
      }),
    );
    await deliver(
      event({
        type: 'customer.subscription.created',
        created: t + 1,
        object: subscription({ id: newSub, customer: cus, price: 'price_business' }),
      }),
    );
    await deliver(
      event({
        type: 'customer.subscription.deleted',
        created: t + 2,
        object: subscription({ id: oldSub, customer: cus, status: 'canceled', price: 'price_starter' }),
      }),
    );
    expect(await userOf(user.id)).toMatchObject({
      plan: 'business',
      stripeSubscriptionId: newSub,
      subscriptionStatus: 'active',
    });
  });

  it('acknowledges unknown customers and other event types without applying anything', async () => {
    expect(
      await deliver(
        event({
          type: 'customer.subscription.updated',
          created: now(),
          object: subscription({ id: `sub_${uid()}`, customer: `cus_${uid()}` }),
        }),
      ),
    ).toEqual({ status: 200, body: { received: true } });
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
