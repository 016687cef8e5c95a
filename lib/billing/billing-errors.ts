import { AppError, isAppError } from '@/lib/errors';
import { stripeConfigured } from '@/lib/billing/stripe-config';
import { log } from '@/lib/log/logger';

export const BILLING_NOT_CONFIGURED = 'Billing is not configured; upgrades are managed by the administrator';

/** 503 unless Stripe is configured: a self-hosted instance without Stripe has no self-service billing. */
export function assertBillingConfigured(): void {
  if (!stripeConfigured()) throw new AppError('service_unavailable', BILLING_NOT_CONFIGURED);
}

/** An error from Stripe's API becomes a 503 (retryable), its details logged, never echoed. */
export function stripeUnavailable(e: unknown): AppError {
  if (isAppError(e)) return e;
  const err = e as { type?: string; statusCode?: number; requestId?: string; message?: string };
  log.error(
    `[billing] Stripe request failed: ${err.type ?? 'Error'}${err.statusCode ? ` ${err.statusCode}` : ''}: ${err.message ?? String(e)}${err.requestId ? ` (request ${err.requestId})` : ''}`,
  );
  return new AppError('service_unavailable', 'The payment provider is unavailable, please retry', { cause: e });
}
