import type Stripe from 'stripe';
import { db } from '@/lib/db';
import type { Plan } from '@/lib/generated/prisma/enums';
import type { Prisma } from '@/lib/generated/prisma/client';
import { readSubscription } from '@/lib/billing/read-subscription';
import { isEntitledStatus } from '@/lib/billing/subscription-status';
import { log } from '@/lib/log/logger';

// Applies Stripe webhook events to users. Three rules keep the mirror right whatever Stripe does:
// - replays: the event id is recorded in stripe_events in the same transaction that applies it, so
//   an event is applied once (and a failed application is retried by Stripe, not lost);
// - reordering: subscription state is written only when the event is not older than the newest one
//   applied to that user (users.billing_event_at), checked in the UPDATE itself;
// - the plan comes from the subscription's price (planForPrice), never from the client.

type Tx = Prisma.TransactionClient;
export type EventOutcome = { duplicate: boolean; applied: boolean; reason?: string };

const HANDLED = new Set<string>([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export async function handleStripeEvent(event: Stripe.Event): Promise<EventOutcome> {
  // Other event types are acknowledged and not recorded (the endpoint may be subscribed to more).
  if (!HANDLED.has(event.type)) return { duplicate: false, applied: false, reason: `ignored event type ${event.type}` };
  return db.$transaction(async (tx) => {
    // ON CONFLICT DO NOTHING: a concurrent delivery of the same event waits for this transaction and then sees the row.
    const inserted = await tx.stripeEvent.createMany({
      data: [{ id: event.id, type: event.type }],
      skipDuplicates: true,
    });
    if (inserted.count === 0) return { duplicate: true, applied: false, reason: 'already applied' };
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
        return { duplicate: false, ...(await linkCheckout(tx, event.data.object)) };
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return {
          duplicate: false,
          ...(await applySubscription(tx, event.data.object, at, event.type === 'customer.subscription.deleted')),
        };
      default:
        return { duplicate: false, applied: false };
    }
  });
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** checkout.session.completed: remember the customer and subscription of the account that paid. */
async function linkCheckout(tx: Tx, session: Stripe.Checkout.Session): Promise<Omit<EventOutcome, 'duplicate'>> {
  if (session.mode !== 'subscription') return { applied: false, reason: 'not a subscription checkout' };
  const userId = session.client_reference_id ?? session.metadata?.user_id;
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  const user = userId
    ? await tx.user.findUnique({
        where: { id: userId },
        select: { id: true, plan: true, stripeCustomerId: true, stripeSubscriptionId: true },
      })
    : null;
  if (!user) return unknownUser('checkout.session.completed', session.id);
  const data: Prisma.UserUpdateInput = {};
  if (customerId && !user.stripeCustomerId) data.stripeCustomerId = customerId;
  // A subscription event may already have linked (and possibly updated) it; never replace a live one.
  if (subscriptionId && (!user.stripeSubscriptionId || user.plan === 'free'))
    data.stripeSubscriptionId = subscriptionId;
  if (Object.keys(data).length) await tx.user.update({ where: { id: user.id }, data });
  return { applied: Object.keys(data).length > 0 };
}

/** customer.subscription.*: the plan, status and period end the subscription now has. */
async function applySubscription(
  tx: Tx,
  sub: Stripe.Subscription,
  at: Date,
  deleted: boolean,
): Promise<Omit<EventOutcome, 'duplicate'>> {
  const customerId = idOf(sub.customer);
  const user =
    (customerId ? await tx.user.findUnique({ where: { stripeCustomerId: customerId }, select: userFields }) : null) ??
    (sub.metadata?.user_id
      ? await tx.user.findUnique({ where: { id: sub.metadata.user_id }, select: userFields })
      : null);
  if (!user) return unknownUser('subscription', sub.id);
  // The customer has a known account via metadata but another customer id: do not cross the wires.
  if (user.stripeCustomerId && customerId && user.stripeCustomerId !== customerId)
    return { applied: false, reason: 'customer does not match the account' };

  const entitled = !deleted && isEntitledStatus(sub.status);
  // Events about a subscription the account has moved away from must not downgrade it.
  if (user.stripeSubscriptionId && user.stripeSubscriptionId !== sub.id && !entitled)
    return { applied: false, reason: "not the account's current subscription" };

  const { plan: pricedPlan, periodEnd } = readSubscription(sub);
  let plan: Plan | undefined = entitled ? (pricedPlan ?? undefined) : 'free';
  if (entitled && !pricedPlan) {
    log.warn(
      `[billing] subscription ${sub.id} has no price matching STRIPE_PRICE_*; plan of user ${user.id} left unchanged`,
    );
    plan = undefined;
  }
  const { count } = await tx.user.updateMany({
    // The ordering guard lives in the UPDATE: an older event (strictly earlier `created`) changes nothing.
    where: { id: user.id, OR: [{ billingEventAt: null }, { billingEventAt: { lte: at } }] },
    data: {
      ...(plan ? { plan } : {}),
      ...(customerId && !user.stripeCustomerId ? { stripeCustomerId: customerId } : {}),
      stripeSubscriptionId: sub.id,
      subscriptionStatus: deleted ? 'canceled' : sub.status,
      currentPeriodEnd: periodEnd,
      billingEventAt: at,
    },
  });
  return count ? { applied: true } : { applied: false, reason: 'older than the state already applied' };
}

const userFields = { id: true, stripeCustomerId: true, stripeSubscriptionId: true } as const;

function unknownUser(what: string, id: string): Omit<EventOutcome, 'duplicate'> {
  log.warn(`[billing] ${what} ${id}: no matching account, ignored`);
  return { applied: false, reason: 'no matching account' };
}
