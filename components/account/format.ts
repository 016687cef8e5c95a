import type { z } from 'zod';
import type { PlanEntry, PlanLimits } from '@/lib/schemas/subscriptions';
// Display helpers for plans and limits (null = unlimited in the API, as in lib/plans.ts).

export { PLAN_NAMES, type PlanId } from '@/lib/plans';

/** The limits object of GET /api/v1/subscriptions/plans (lib/schemas/subscriptions.ts). */
export type LimitsJson = z.output<typeof PlanLimits>;
export type PlanJson = z.output<typeof PlanEntry>;

export const UNLIMITED = 'Unlimited';

const number = new Intl.NumberFormat('en-US');

function formatCount(value: number | null, one: string, many: string): string {
  if (value === null) return UNLIMITED;
  return `${number.format(value)} ${value === 1 ? one : many}`;
}

/** 24 → "24 hours", 168 → "7 days", null → "Until deleted". */
export function formatRetention(hours: number | null): string {
  if (hours === null) return 'Until deleted';
  if (hours >= 48 && hours % 24 === 0) return formatCount(hours / 24, 'day', 'days');
  return formatCount(hours, 'hour', 'hours');
}

export function formatPrice(usd: number): string {
  if (usd === 0) return '$0';
  return `$${Number.isInteger(usd) ? usd : usd.toFixed(2)}`;
}

/** Capitalised Stripe status: past_due → "Past due". */
export function formatStatus(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
