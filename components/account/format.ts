import { formatBytes as formatSize } from '@/components/ui/format-bytes';
// Display helpers for plans and limits (null = unlimited in the API).

export type PlanId = 'free' | 'starter' | 'pro' | 'business';

export type LimitsJson = {
  max_upload_bytes: number | null;
  files_per_batch: number | null;
  retention_hours: number;
  rate_limit_per_minute: number | null;
  daily_conversions: number | null;
  team_size: number;
  api_access: boolean;
};

export type PlanJson = { id: PlanId; name: string; price_monthly_usd: number; limits: LimitsJson };

export const PLAN_NAMES: Record<PlanId, string> = { free: 'Free', starter: 'Starter', pro: 'Pro', business: 'Business' };

export const UNLIMITED = 'Unlimited';

const number = new Intl.NumberFormat('en-US');

/** A size limit: bytes in decimal units, or "Unlimited". */
export function formatBytes(bytes: number | null): string {
  return bytes === null ? UNLIMITED : formatSize(bytes);
}

export function formatCount(value: number | null, one: string, many: string): string {
  if (value === null) return UNLIMITED;
  return `${number.format(value)} ${value === 1 ? one : many}`;
}

/** 24 → "24 hours", 168 → "7 days"; a century or more means kept indefinitely. */
export function formatRetention(hours: number): string {
  if (hours >= 24 * 365 * 50) return UNLIMITED;
  if (hours >= 48 && hours % 24 === 0) return formatCount(hours / 24, 'day', 'days');
  return formatCount(hours, 'hour', 'hours');
}

export function formatPrice(usd: number): string {
  if (usd === 0) return '$0';
  return `$${Number.isInteger(usd) ? usd : usd.toFixed(2)}`;
}

/** A date in words, in UTC (server-rendered pages must not depend on the server's time zone). */
export function formatDate(iso: string | null, fallback = '—'): string {
  if (!iso) return fallback;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}

/** Capitalised Stripe status: past_due → "Past due". */
export function formatStatus(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A moment with its time, in UTC (stable between server and browser rendering). */
export function formatDateTime(iso: string | null, fallback = '—'): string {
  if (!iso) return fallback;
  const text = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: 'UTC' }).format(new Date(iso));
  return `${text} UTC`;
}
