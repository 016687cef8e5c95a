import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@/lib/errors';
import { CoalescingLimiter } from '@/lib/limits/coalescing-limiter';
import { pgPool } from '@/lib/database/pools';
import { DATABASE_RETRY_AFTER_SECONDS } from '@/lib/database/unavailable';
import { type Caller, limitSubject } from '@/lib/identity/caller';
import { limitsFor } from '@/lib/plans';
import { log } from '@/lib/log/logger';

// Requests per minute per subject (account, or address for anonymous callers), counted in
// PostgreSQL so every server process shares one exact count (docs/architecture.md, "Limits").
// Limits come from lib/plans.ts.
const globalLimiters = globalThis as unknown as { rateLimiters?: Map<number, CoalescingLimiter> };

/**
 * A limiter of `points` requests per minute over the counters in PostgreSQL. Each process makes its
 * own (on its `rate_limit` pool); the upsert on the key's row keeps the count exact across all of them.
 */
export function createRequestLimiter(storeClient: Pool, points: number): CoalescingLimiter {
  const store = new RateLimiterPostgres({
    storeClient,
    // An UNLOGGED table created by a migration (counter updates wait for no WAL flush).
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'rpm',
    points,
    duration: 60,
    clearExpiredByTimeout: true,
    // Once the store has counted the last allowed request, this process refuses the key from
    // memory until the window ends: an exhausted subject costs no database write.
    inMemoryBlockOnConsumed: points,
  });
  return new CoalescingLimiter(store, points);
}

function limiter(points: number): CoalescingLimiter {
  globalLimiters.rateLimiters ??= new Map();
  let existing = globalLimiters.rateLimiters.get(points);
  if (!existing) {
    existing = createRequestLimiter(pgPool('rate_limit'), points);
    globalLimiters.rateLimiters.set(points, existing);
  }
  return existing;
}

export type RateLimitHeaders = Record<string, string>;

const headersOf = (limit: number, res: RateLimiterRes): RateLimitHeaders => ({
  'RateLimit-Limit': String(limit),
  'RateLimit-Remaining': String(Math.max(0, res.remainingPoints)),
  'RateLimit-Reset': String(Math.ceil(res.msBeforeNext / 1000)),
  'RateLimit-Policy': `${limit};w=60`,
});

/** The count could not be taken (database down): a retryable 503 rather than an unexplained 500. */
function storeUnavailable(e: unknown): AppError {
  log.error({ error: e instanceof Error ? e.message : String(e) }, '[rate-limit] store unavailable');
  return new AppError('service_unavailable', 'The service is temporarily unavailable, please retry', {
    cause: e,
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

/**
 * Counts one request; throws 429 (with Retry-After and RateLimit-* headers) over the limit, and
 * 503 when the count cannot be taken.
 */
export async function enforceRateLimit(caller: Caller): Promise<RateLimitHeaders> {
  const limit = limitsFor(caller.plan).ratePerMinute;
  if (limit === null) return {};
  try {
    return headersOf(limit, await limiter(limit).consume(limitSubject(caller)));
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw storeUnavailable(e);
    const headers = { ...headersOf(limit, e), 'Retry-After': String(Math.max(1, Math.ceil(e.msBeforeNext / 1000))) };
    throw new AppError(
      'rate_limited',
      `Rate limit of ${limit} requests per minute exceeded; retry in ${headers['Retry-After']} s`,
      { headers },
    );
  }
}
