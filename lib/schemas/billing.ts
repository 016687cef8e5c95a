import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { PAID_PLANS } from '@/lib/plans';
import { errors, json } from '@/lib/schemas/common';

// The billing operations (routes: app/api/v1/billing/*, app/api/webhooks/stripe).

const CheckoutRequest = z
  .strictObject({ plan: z.enum(PAID_PLANS).meta({ description: 'The paid plan to subscribe to' }) })
  .meta({ id: 'CheckoutRequest' });

const BillingRedirect = z
  .object({ url: z.string().meta({ format: 'uri', description: 'Stripe-hosted page to send the user to' }) })
  .meta({ id: 'BillingRedirect' });

export const checkoutOp = defineOperation({
  operationId: 'createCheckoutSession',
  method: 'post',
  path: '/api/v1/billing/checkout',
  auth: 'bearer',
  body: CheckoutRequest,
  responses: { 200: json(BillingRedirect, 'Checkout session') },
  openapi: {
    tags: ['Billing'],
    summary: 'Start a Stripe Checkout for a paid plan',
    description:
      'Returns the Checkout URL; after payment Stripe returns the user to ' +
      '`/dashboard/billing?checkout=success` (or `=cancelled`). ' +
      "The plan changes when Stripe's webhook confirms the subscription. 400 when the plan has no price " +
      'configured, 409 when the account already has a live subscription (use the portal), 503 when this ' +
      'instance has no Stripe configured (the administrator manages plans).',
    responses: errors(409),
  },
});

export const portalOp = defineOperation({
  operationId: 'createPortalSession',
  method: 'post',
  path: '/api/v1/billing/portal',
  auth: 'bearer',
  responses: { 200: json(BillingRedirect, 'Portal session') },
  openapi: {
    tags: ['Billing'],
    summary: 'Open the Stripe Customer Portal (change plan, payment method, invoices, cancel)',
    description:
      'Returns the portal URL; it returns the user to `/dashboard/billing`. 409 when the account has never subscribed.',
    responses: errors(409),
  },
});

const WebhookReceipt = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

const StripeEvent = z
  .looseObject({ id: z.string(), type: z.string(), created: z.number().int() })
  .meta({ description: 'A Stripe Event object' });

export const stripeWebhookOp = defineOperation({
  operationId: 'receiveStripeWebhook',
  method: 'post',
  path: '/api/webhooks/stripe',
  auth: 'open',
  responses: { 200: json(WebhookReceipt, 'Received') },
  openapi: {
    tags: ['Billing'],
    summary: 'Stripe webhook endpoint (called by Stripe, verified with STRIPE_WEBHOOK_SECRET)',
    description:
      'Subscribe it to `checkout.session.completed` and `customer.subscription.created|updated|deleted`. ' +
      'The body is verified against the `Stripe-Signature` header (400 when it does not match). ' +
      'Each event is applied once (a replay answers `duplicate: true`) and an event older than the state ' +
      'already applied changes nothing. 503 when this instance has no webhook secret configured.',
    parameters: [
      {
        in: 'header',
        name: 'Stripe-Signature',
        required: true,
        description: "Stripe's signature of the exact body bytes",
        schema: { type: 'string' },
      },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: StripeEvent } } },
    responses: errors(400, 503),
  },
});
