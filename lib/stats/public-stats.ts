import type { z } from 'zod';
import { db } from '@/lib/db';
import { listFormats } from '@/lib/engines/registry';
import type { PublicStats } from '@/lib/schemas/stats';
import { config } from '@/lib/config';

type Aggregates = Omit<z.input<typeof PublicStats>, 'uptime_seconds'>;

/** Seconds the aggregates are reused for (at most 60; STATS_CACHE_SECONDS lowers it, 0 = always fresh). */
const cacheSeconds = (): number => config.statsCacheSeconds;

// One computation per process per minute; concurrent requests during a refresh share the pending promise.
let cached: { at: number; value: Promise<Aggregates> } | undefined;

/**
 * The aggregates, computed in SQL. The total comes from usage_days (the daily allowance's ledger,
 * one row per subject and day, never purged), because conversion rows are deleted when they expire;
 * bytes and pairs come from the conversion rows still kept.
 */
async function computeAggregates(): Promise<Aggregates> {
  const [totals] = await db.$queryRaw<Array<{ total: bigint; last_24h: bigint; bytes: bigint }>>`
    SELECT (SELECT COALESCE(SUM(count), 0) FROM usage_days)::bigint AS total,
           (SELECT COUNT(*) FROM conversions WHERE created_at > now() - interval '24 hours')::bigint AS last_24h,
           (SELECT COALESCE(SUM(input_size), 0) FROM conversions WHERE status = 'completed')::bigint AS bytes`;
  const pairs = await db.$queryRaw<Array<{ from: string; to: string; count: bigint }>>`
    SELECT original_format AS "from", target_format AS "to", COUNT(*)::bigint AS count FROM conversions
    WHERE operation = 'convert' AND created_at > now() - interval '30 days'
    GROUP BY original_format, target_format ORDER BY count DESC, "from", "to" LIMIT 10`;
  const formats = new Set(listFormats().flatMap((f) => [f.format, ...f.targets]));
  return {
    conversions_total: Number(totals.total),
    conversions_last_24h: Number(totals.last_24h),
    files_processed_bytes: Number(totals.bytes),
    top_conversions: pairs.map((p) => ({ from: p.from, to: p.to, count: Number(p.count) })),
    formats_supported: formats.size,
  };
}

/** GET /api/v1/stats: cached aggregates plus this process's uptime. */
export async function publicStats(): Promise<z.input<typeof PublicStats>> {
  const now = Date.now();
  if (!cached || now - cached.at >= cacheSeconds() * 1000) {
    const value = computeAggregates();
    cached = { at: now, value };
    value.catch(() => {
      if (cached?.value === value) cached = undefined; // a failure is not cached
    });
  }
  return { ...(await cached.value), uptime_seconds: Math.floor(process.uptime()) };
}
