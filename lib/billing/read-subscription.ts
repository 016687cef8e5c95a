import type Stripe from 'stripe';
import type { Plan } from '@/lib/generated/prisma/enums';
import { planForPrice } from '@/lib/billing/stripe-config';

/**
 * The plan of a subscription's first item with a known price (STRIPE_PRICE_*), and the end of its
 * current period: since Stripe API 2025-03-31 it lives on the items, older versions have it on the
 * subscription itself.
 */
export function readSubscription(sub: Stripe.Subscription): { plan: Plan | null; periodEnd: Date | null } {
  const items = sub.items?.data ?? [];
  const item = items.find((i) => planForPrice(i.price?.id)) ?? items[0];
  const legacy = (sub as unknown as { current_period_end?: number | null }).current_period_end;
  const end = item?.current_period_end ?? legacy;
  return {
    plan: item ? planForPrice(item.price?.id) : null,
    periodEnd: typeof end === 'number' ? new Date(end * 1000) : null,
  };
}
