import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import { assertBillingConfigured, stripeUnavailable } from '@/lib/billing/billing-errors';
import { stripe } from '@/lib/billing/stripe-config';

/** A Stripe Customer Portal session (change plan, payment method, cancel) for the account. */
export async function createPortalSession(userId: string, origin: string): Promise<{ url: string }> {
  assertBillingConfigured();
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } });
  if (!user.stripeCustomerId)
    throw new AppError(
      'invalid_state',
      'This account has no billing profile yet; subscribe to a plan first (POST /api/v1/billing/checkout)',
    );
  try {
    const session = await stripe().billingPortal.sessions.create({
      customer: user.stripeCustomerId,
      return_url: `${origin}/dashboard/billing`,
    });
    return { url: session.url };
  } catch (e) {
    throw stripeUnavailable(e);
  }
}
