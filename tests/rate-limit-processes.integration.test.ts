import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, describe, expect, it } from 'vitest';
import { createRequestLimiter } from '@/lib/limits/rate-limit';

// Two limiters on two pools stand for two server processes sharing the counters in PostgreSQL.
const pools = [0, 1].map(() => new Pool({ connectionString: process.env.DATABASE_URL, max: 8 }));
afterAll(() => Promise.all(pools.map((p) => p.end())));

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (e: unknown) => {
      if (e instanceof RateLimiterRes) return 'refused';
      throw e;
    },
  );

async function counted(key: string): Promise<number> {
  const { rows } = await pools[0].query<{ points: number }>('SELECT points FROM rate_limits WHERE key = $1', [
    `rpm:${key}`,
  ]);
  return rows[0]?.points ?? 0;
}

describe('rate limit shared by processes', () => {
  it('allows exactly the limit under concurrent requests spread over two processes', async () => {
    const limit = 25;
    const [a, b] = pools.map((pool) => createRequestLimiter(pool, limit));
    const key = `client:test-${randomUUID()}`;
    const requests = Array.from({ length: 80 }, (_, i) => (i % 2 ? a : b).consume(key));
    const results = await Promise.all(requests.map(outcome));
    expect(results.filter((r) => r === 'allowed')).toHaveLength(limit);
    expect(await counted(key)).toBeGreaterThanOrEqual(limit);
    // concurrent requests share store writes, yet each allowed one gets its own place in the count
    const remaining = await Promise.all(
      requests.map((p) =>
        p.then(
          (r) => r.remainingPoints,
          () => null,
        ),
      ),
    );
    expect(remaining.filter((r) => r !== null).sort((x, y) => x! - y!)).toEqual(
      Array.from({ length: limit }, (_, i) => i),
    );
  });

  it('a process that saw the key exhausted refuses it from memory, without writing the count', async () => {
    const limit = 3;
    const [a, b] = pools.map((pool) => createRequestLimiter(pool, limit));
    const key = `client:test-${randomUUID()}`;
    for (let i = 0; i < limit; i++) await a.consume(key);
    const before = await counted(key);
    expect(before).toBe(limit);
    const refused = await a.consume(key).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(0);
    expect(await counted(key)).toBe(before);
    // the other process has not seen it yet: it asks the store, which refuses (and counts the attempt)
    expect(await outcome(b.consume(key))).toBe('refused');
    expect(await counted(key)).toBe(before + 1);
  });
});
