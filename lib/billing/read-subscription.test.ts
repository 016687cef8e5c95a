import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSubscription } from '@/lib/billing/read-subscription';
import { planForPrice, priceIdFor } from '@/lib/billing/stripe-config';
import { overrideEnv } from '@/tests/support/env';

const sub = (fields: Record<string, unknown>) =>
  ({ id: 'sub_1', object: 'subscription', status: 'active', ...fields }) as unknown as Stripe.Subscription;
const item = (price: string, periodEnd?: number) => ({
  id: `si_${price}`,
  price: { id: price },
  ...(periodEnd ? { current_period_end: periodEnd } : {}),
});

describe('readSubscription', () => {
  let restoreEnv: () => void;
  beforeEach(() => {
    restoreEnv = overrideEnv({
      STRIPE_PRICE_STARTER: 'price_starter',
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_BUSINESS: undefined,
    });
  });
  afterEach(() => restoreEnv());

  it('maps prices to plans', () => {
    expect(priceIdFor('pro')).toBe('price_pro');
    expect(planForPrice('price_starter')).toBe('starter');
    expect(planForPrice('price_other')).toBeNull();
    expect(planForPrice(undefined)).toBeNull();
  });

  it('reads the period end from the items (current Stripe API versions)', () => {
    const r = readSubscription(sub({ items: { data: [item('price_pro', 1_800_000_000)] } }));
    expect(r).toEqual({ plan: 'pro', periodEnd: new Date(1_800_000_000_000) });
  });

  it('falls back to the top-level current_period_end (older API versions)', () => {
    const r = readSubscription(sub({ current_period_end: 1_700_000_000, items: { data: [item('price_starter')] } }));
    expect(r).toEqual({ plan: 'starter', periodEnd: new Date(1_700_000_000_000) });
  });

  it('uses the first item with a known price and says null for unknown prices', () => {
    expect(readSubscription(sub({ items: { data: [item('price_addon', 1), item('price_pro', 2)] } })).plan).toBe('pro');
    expect(readSubscription(sub({ items: { data: [item('price_unknown', 5)] } }))).toEqual({
      plan: null,
      periodEnd: new Date(5000),
    });
    expect(readSubscription(sub({ items: { data: [] } }))).toEqual({ plan: null, periodEnd: null });
  });
});
