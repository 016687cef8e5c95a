import type Stripe from 'stripe';

// What a subscription's status means, said once: Stripe's statuses (stored as they come, in
// users.subscription_status) and the two GET /subscription adds. Pure data: the dashboard imports
// it too, to colour the status.

export type StripeSubscriptionStatus = Stripe.Subscription.Status;

/** GET /subscription's `status`: `free`, `team` (on the plan of the caller's team), or Stripe's. */
export type SubscriptionStatus = 'free' | 'team' | StripeSubscriptionStatus;

/**
 * Statuses that hold the paid plan (so a second checkout would double-bill); anything else
 * (canceled, unpaid, incomplete, paused…) means Free.
 */
const ENTITLED: ReadonlySet<string> = new Set<StripeSubscriptionStatus>(['active', 'trialing', 'past_due']);

export const isEntitledStatus = (status: string | null | undefined) => ENTITLED.has(status ?? '');

/** In good standing: paid without trouble, or on a team's plan (whose owner pays). */
const HEALTHY: ReadonlySet<SubscriptionStatus> = new Set<SubscriptionStatus>(['active', 'trialing', 'team']);

export const isHealthyStatus = (status: SubscriptionStatus) => HEALTHY.has(status);

/** Over: the plan is no longer paid for. */
export const isEndedStatus = (status: SubscriptionStatus) => status === 'canceled' || status === 'unpaid';

/** The stored status (a text column written only from Stripe's events), typed. */
export const storedStatus = (status: string | null): StripeSubscriptionStatus | null =>
  status as StripeSubscriptionStatus | null;
