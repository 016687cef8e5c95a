import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { errors } from '@/lib/schemas/common';

// The billing operations (routes: app/api/v1/billing/*, app/api/webhooks/stripe).

export const CheckoutRequest = z
  .strictObject({ plan: z.enum(['starter', 'pro', 'business']).meta({ description: 'The paid plan to subscribe to' }) })
  .meta({ id: 'CheckoutRequest' });

export const BillingRedirect = z
  .object({ url: z.string().meta({ format: 'uri', description: 'Stripe-hosted page to send the user to' }) })
  .meta({ id: 'BillingRedirect' });

const redirect = (description: string) => ({ description, content: { 'application/json': { schema: BillingRedirect } } });

export const checkoutOp = defineOperation({
  method: 'post',
  path: '/api/v1/billing/checkout',
  auth: 'bearer',
  body: CheckoutRequest,
  openapi: {
    tags: ['Billing'],
    summary: 'Start a Stripe Checkout for a paid plan',
    description:
      'Returns the Checkout URL; after payment Stripe returns the user to `/dashboard/billing?checkout=success` (or `=cancelled`). ' +
      'The plan changes when Stripe\'s webhook confirms the subscription. 400 when the plan has no price configured, ' +
      '409 when the account already has a live subscription (use the portal), 503 when this instance has no Stripe configured (the administrator manages plans).',
    responses: { '200': redirect('Checkout session'), ...errors(400, 401, 409, 429, 503) },
  },
});

export const portalOp = defineOperation({
  method: 'post',
  path: '/api/v1/billing/portal',
  auth: 'bearer',
  openapi: {
    tags: ['Billing'],
    summary: 'Open the Stripe Customer Portal (change plan, payment method, invoices, cancel)',
    description: 'Returns the portal URL; it returns the user to `/dashboard/billing`. 409 when the account has never subscribed.',
    responses: { '200': redirect('Portal session'), ...errors(401, 409, 429, 503) },
  },
});

export const stripeWebhookOp = defineOperation({
  method: 'post',
  path: '/api/webhooks/stripe',
  auth: 'open',
  openapi: {
    tags: ['Billing'],
    summary: 'Stripe webhook endpoint (called by Stripe, verified with STRIPE_WEBHOOK_SECRET)',
    description:
      'Subscribe it to `checkout.session.completed` and `customer.subscription.created|updated|deleted`. The body is verified against the ' +
      '`Stripe-Signature` header (400 when it does not match). Each event is applied once (a replay answers `duplicate: true`) and ' +
      'an event older than the state already applied changes nothing.',
    parameters: [{ in: 'header', name: 'Stripe-Signature', required: true, schema: { type: 'string' } }],
    requestBody: { required: true, content: { 'application/json': { schema: z.object({ id: z.string(), type: z.string(), created: z.number().int() }).passthrough().meta({ description: 'A Stripe Event object' }) } } },
    responses: {
      '200': { description: 'Received', content: { 'application/json': { schema: z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }) } } },
      ...errors(400, 503),
    },
  },
});
