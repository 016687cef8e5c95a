import { Prisma } from '@/lib/generated/prisma/client';
import { ACTIVE_STATUSES } from '@/lib/domain/conversion-status';
import { preparedExecute } from '@/lib/prepared-sql';

// The leases of runs the all-in-one process started itself (lib/jobs/local-hand-off.ts), as SQL.
// Times are the database's clock, so processes on several machines agree on what has expired.

const fromNow = (ms: number) => Prisma.sql`now() + ${ms / 1000}::float8 * interval '1 second'`;

/** Whom a run is for (its turn if a sweep queues it) and how long its lease holds. */
export type RunLease = { subject: string; ms: number };

/** This process holds the run for `lease.ms`: one statement, committed before the run starts. */
export async function takeLease(conversionId: bigint, run: number, lease: RunLease): Promise<void> {
  await preparedExecute(Prisma.sql`
    INSERT INTO conversion_leases (conversion_id, run, subject, expires_at)
    VALUES (${conversionId}, ${run}, ${lease.subject}, ${fromNow(lease.ms)})
    ON CONFLICT (conversion_id) DO UPDATE SET run = EXCLUDED.run, subject = EXCLUDED.subject, expires_at = EXCLUDED.expires_at`);
}

/**
 * The lease of each conversion the statement's `inserted` rows (`id`, `run`) name, as a part of a
 * statement that writes them: the row and its lease commit together.
 */
export const leaseInsertedSql = (inserted: Prisma.Sql, lease: RunLease) => Prisma.sql`
  INSERT INTO conversion_leases (conversion_id, run, subject, expires_at)
  SELECT id, run, ${lease.subject}, ${fromNow(lease.ms)} FROM ${inserted}`;

const idList = (ids: readonly bigint[]) => ids.map(String);

/** Renews the leases of the runs still under way here, for `ms` more. */
export async function renewLeases(ids: readonly bigint[], ms: number): Promise<void> {
  await preparedExecute(Prisma.sql`
    UPDATE conversion_leases SET expires_at = ${fromNow(ms)} WHERE conversion_id = ANY(${idList(ids)}::bigint[])`);
}

/** Gives runs back: their leases expire now, so the next sweep of any worker queues them. */
export async function expireLeases(ids: readonly bigint[]): Promise<void> {
  await preparedExecute(Prisma.sql`
    UPDATE conversion_leases SET expires_at = now() WHERE conversion_id = ANY(${idList(ids)}::bigint[])`);
}

const runnable = Prisma.sql`c.status::text IN (${Prisma.join(ACTIVE_STATUSES)}) AND c.run = l.run`;

// The sweep's statements (lib/jobs/lease-sweep.ts), which it runs on the queue's connections.

/** Removes the expired leases of runs that ended (finished, cancelled, retried as a later run). */
export const dropEndedLeasesSql = () => Prisma.sql`
  DELETE FROM conversion_leases l USING conversions c
  WHERE l.expires_at < now() AND c.id = l.conversion_id AND NOT (${runnable})`;

/**
 * Takes up to `limit` expired leases for this sweep: each is held `holdMs` more, so a concurrent
 * sweep skips it, and a sweep that dies before it queues the run leaves it to the next one. Rows:
 * `conversionId` (as text), `run`, `subject`, and whether the run may still run (its conversion
 * active, at that run).
 */
export const takeExpiredLeasesSql = (holdMs: number, limit: number) => Prisma.sql`
  UPDATE conversion_leases l SET expires_at = ${fromNow(holdMs)}
  FROM conversions c
  WHERE c.id = l.conversion_id AND l.conversion_id IN (
    SELECT conversion_id FROM conversion_leases WHERE expires_at < now()
    ORDER BY expires_at LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)
  RETURNING l.conversion_id::text AS "conversionId", l.run, l.subject, (${runnable}) AS runnable`;

/** Removes the leases a sweep took, each only at the run it took (a retry's new lease stays). */
export const dropTakenLeasesSql = (leases: ReadonlyArray<{ conversionId: string; run: number }>) => Prisma.sql`
  DELETE FROM conversion_leases WHERE (conversion_id, run) IN (
    SELECT * FROM unnest(${leases.map((l) => l.conversionId)}::bigint[], ${leases.map((l) => l.run)}::int[]))`;
