import { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@/lib/api/errors';
import { type Caller, limitSubject } from '@/lib/identity/caller';
import { limitsFor } from '@/lib/plans';

// Requests per minute per subject (account, or address for anonymous callers), counted in
// PostgreSQL so every server process shares one count. Limits come from lib/plans.ts.
const globalLimiters = globalThis as unknown as { rateLimiters?: Map<number, Promise<RateLimiterPostgres>>; rateLimitPool?: Pool };

function limiter(points: number): Promise<RateLimiterPostgres> {
  globalLimiters.rateLimiters ??= new Map();
  globalLimiters.rateLimitPool ??= new Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
  let existing = globalLimiters.rateLimiters.get(points);
  if (!existing) {
    existing = new Promise<RateLimiterPostgres>((resolve, reject) => {
      const rl: RateLimiterPostgres = new RateLimiterPostgres(
        { storeClient: globalLimiters.rateLimitPool, tableName: 'rate_limits', keyPrefix: 'rpm', points, duration: 60, clearExpiredByTimeout: true },
        (err?: Error) => (err ? reject(err) : resolve(rl)),
      );
    });
    existing.catch(() => globalLimiters.rateLimiters?.delete(points));
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

/** Counts one request; throws 429 (with Retry-After and RateLimit-* headers) over the limit. */
export async function enforceRateLimit(caller: Caller): Promise<RateLimitHeaders> {
  const limit = limitsFor(caller.plan).ratePerMinute;
  if (limit === null) return {};
  try {
    return headersOf(limit, await (await limiter(limit)).consume(limitSubject(caller)));
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    const headers = { ...headersOf(limit, e), 'Retry-After': String(Math.max(1, Math.ceil(e.msBeforeNext / 1000))) };
    throw new AppError('rate_limited', `Rate limit of ${limit} requests per minute exceeded; retry in ${headers['Retry-After']} s`, { headers });
  }
}
