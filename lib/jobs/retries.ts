import { config } from '@/lib/config';

// How often each job is tried and when the retention sweep runs, read by both queues (the embedded
// pg-boss queue and Inngest's functions), so the two cannot drift apart.

/** Inngest types a function's `retries` as a literal from 0 to 20. */
const INNGEST_RETRIES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20] as const;
type InngestRetries = (typeof INNGEST_RETRIES)[number];

/** `retries` as Inngest takes it; a count it cannot take fails at start instead of going stale. */
export function inngestRetries(retries: number): InngestRetries {
  const allowed = INNGEST_RETRIES.find((n) => n === retries);
  if (allowed === undefined) throw new Error(`Inngest takes 0 to 20 retries, not ${retries}`);
  return allowed;
}

/**
 * Retries of a conversion job. The run counts its own attempts (ENGINE_MAX_ATTEMPTS, a claim is
 * one, even by a worker that died mid-run) and fails the conversion at the last one without
 * throwing: one delivery per attempt and one to spare.
 */
export const conversionJobRetries = () => config.engineMaxAttempts;

/** Attempts per webhook event: the first and 7 retries, with exponential backoff. */
export const WEBHOOK_DELIVERY_ATTEMPTS = 8;

/** First delay before a webhook retry; each next one doubles (WEBHOOK_RETRY_DELAY_SECONDS, tests make it short). */
export const webhookRetryDelaySeconds = () => config.webhookRetryDelaySeconds;

/** The retention sweep (lib/retention/purge-expired.ts): every 10 minutes. */
export const PURGE_SCHEDULE = '*/10 * * * *';
