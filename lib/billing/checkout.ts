import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import type { Plan } from '@/lib/generated/prisma/enums';
import { assertBillingConfigured, stripeUnavailable } from '@/lib/billing/billing-errors';
import { isEntitledStatus } from '@/lib/billing/subscription-status';
import { priceIdFor, stripe } from '@/lib/billing/stripe-config';

export type PaidPlan = Exclude<Plan, 'free'>;

/**
 * A Stripe Checkout Session for a paid plan. The user id travels as `client_reference_id` and in
 * the subscription's metadata, so the webhook finds the account whichever event comes first.
 */
export async function createCheckoutSession(userId: string, plan: PaidPlan, origin: string): Promise<{ url: string }> {
  assertBillingConfigured();
  const price = priceIdFor(plan);
  if (!price)
    throw new AppError(
      'bad_request',
      `The ${plan} plan has no price configured (set STRIPE_PRICE_${plan.toUpperCase()})`,
    );
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      plan: true,
      stripeCustomerId: true,
      stripeSubscriptionId: true,
      subscriptionStatus: true,
    },
  });
  if (user.plan !== 'free' && user.stripeSubscriptionId && isEntitledStatus(user.subscriptionStatus)) {
    throw new AppError(
      'invalid_state',
      'This account already has a subscription; change or cancel it in the billing portal (POST /api/v1/billing/portal)',
    );
  }
  try {
    const session = await stripe().checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      client_reference_id: user.id,
      ...(user.stripeCustomerId ? { customer: user.stripeCustomerId } : { customer_email: user.email }),
      metadata: { user_id: user.id, plan },
      subscription_data: { metadata: { user_id: user.id } },
      success_url: `${origin}/dashboard/billing?checkout=success`,
      cancel_url: `${origin}/dashboard/billing?checkout=cancelled`,
    });
    if (!session.url) throw new Error(`Checkout session ${session.id} has no url`);
    return { url: session.url };
  } catch (e) {
    throw stripeUnavailable(e);
  }
}
