import { randomUUID } from 'node:crypto';
import { isResponseContractError, jsonResponse, rethrowContractErrors } from '@/lib/api/response-body';
import { errorResponse, toAppError } from '@/lib/api/responses';
import { receiveStripeWebhook } from '@/lib/billing/stripe-webhook';
import { stripeWebhookOp } from '@/lib/schemas/billing';

// POST /api/webhooks/stripe – Stripe events (documented as stripeWebhookOp in lib/schemas/billing.ts).
// Not behind withApi: Stripe has no caller identity here and must not be rate limited per address.
// The signature covers the exact bytes sent, so the body is read as text and never re-serialised.
export async function POST(request: Request): Promise<Response> {
  const requestId = randomUUID();
  try {
    const result = await receiveStripeWebhook(await request.text(), request.headers.get('stripe-signature'));
    return jsonResponse(stripeWebhookOp, 200, result, { headers: { 'X-Request-Id': requestId } });
  } catch (e) {
    if (isResponseContractError(e) && rethrowContractErrors()) throw e;
    return errorResponse(toAppError(e, requestId), requestId);
  }
}
