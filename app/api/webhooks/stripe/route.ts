import { receiveStripeWebhook } from '@/lib/billing/stripe-webhook';

// POST /api/webhooks/stripe – Stripe events (documented as stripeWebhookOp in lib/billing/operations.ts).
// The signature covers the exact bytes sent, so the body is read as text and never re-serialised.
export async function POST(request: Request): Promise<Response> {
  return receiveStripeWebhook(await request.text(), request.headers.get('stripe-signature'));
}
