import { type Conversion, Prisma } from '@/lib/generated/prisma/client';
import { CONVERSION_ROW, NOW_UTC } from '@/lib/conversions/conversion-row-sql';
import { ACTIVE_STATUSES, type ConversionStatus } from '@/lib/domain/conversion-status';
import { conversionEventNotice, deliveredHere, markForDelivery } from '@/lib/conversions/conversion-events';
import { outcomeWritesSql } from '@/lib/conversions/lifecycle';
import { preparedExecute, preparedQuery } from '@/lib/prepared-sql';

// A run's state changes (claim, progress, completion, failure) are each ONE statement that changes
// the row and sends its event (pg_notify in the same statement). Prisma's model API would make each
// BEGIN, UPDATE, COMMIT and then a separate NOTIFY: four round trips, with the notice lost if the
// process or the database goes between the commit and the NOTIFY. Here they commit together, and so
// do the rows features write with an outcome (lib/conversions/lifecycle.ts `writeWithOutcome`). A
// run's end is also delivered to this process's own listeners once committed (`deliveredHere`).

const status = (s: ConversionStatus) => Prisma.sql`${s}::"ConversionStatus"`;

/**
 * Makes the statement's commit return before its WAL reaches the disk (`synchronous_commit` off for
 * this transaction only; PostgreSQL writes it within three `wal_writer_delay`s, 0.6 s by default).
 * A run's completion is on the path of the answer, and with both cores busy the wait for the disk
 * left one of them idle: about 3 % of the one-request convert's throughput (bench/RESULTS.md,
 * "Completions that do not wait for the disk"). What a crash of PostgreSQL in that moment can cost
 * is in docs/architecture.md, "Decisions and their reasons".
 */
const WITHOUT_WAITING_FOR_THE_DISK = Prisma.sql`set_config('synchronous_commit', 'off', true)`;

/** The finished row as outcome writes read it (lib/conversions/lifecycle.ts `OutcomeWrite`). */
const FINISHED = Prisma.sql`RETURNING id, user_id, batch_id`;
const CHANGED = Prisma.raw('changed');

/**
 * Marks the conversion processing for this run and says so; the row as claimed, or undefined when
 * there is nothing to run (finished, cancelled, deleted, expired, or `run` is not the row's run).
 * A `processing` row is claimed again by the same run: a redelivery after a worker died mid-job.
 */
export async function claimRun(id: bigint, run?: number): Promise<Conversion | undefined> {
  const sameRun = run === undefined ? Prisma.empty : Prisma.sql`AND run = ${run}`;
  const rows = await preparedQuery<Conversion>(Prisma.sql`
    WITH claimed AS (
      UPDATE conversions SET status = ${status('processing')}, attempts = attempts + 1, started_at = ${NOW_UTC}, progress = 0
      WHERE id = ${id} AND status::text IN (${Prisma.join(ACTIVE_STATUSES)}) AND expires_at > ${NOW_UTC} ${sameRun}
      RETURNING ${CONVERSION_ROW}),
    sent AS (SELECT ${conversionEventNotice({ id: String(id), status: 'processing', progress: 0 })} FROM claimed)
    SELECT claimed.* FROM claimed, sent`);
  return rows[0];
}

/**
 * A new row's columns as claimRun would leave them for its first run: written by the insert itself
 * when the run starts in this process and nobody is answered with the row as created (its SPEC
 * status at creation is `pending`), one statement fewer. No event: nobody watches it yet.
 */
export const claimedAtInsert = () => ({
  status: 'processing' as const,
  attempts: 1,
  startedAt: new Date(),
  progress: 0,
});

/** The run's progress (0–99) while it is processing, and its event; false when it is not processing. */
export async function recordProgress(id: bigint, progress: number): Promise<boolean> {
  const changed = await preparedExecute(Prisma.sql`
    WITH changed AS (
      UPDATE conversions SET progress = ${progress} WHERE id = ${id} AND status = ${status('processing')} RETURNING id)
    SELECT ${conversionEventNotice({ id: String(id), status: 'processing', progress })} FROM changed`);
  return changed > 0;
}

type RunOf = { id: bigint; run: number };

/**
 * The run completed with its stored result; false when the row is no longer this run's processing
 * (cancelled, deleted or retried meanwhile). `note` (a compression target missed) travels in
 * `error` beside the completed status.
 */
export async function completeRun(
  { id, run }: RunOf,
  result: { size: number; crc32: number; parts: number | null; note: string | null },
): Promise<boolean> {
  const event = {
    id: String(id),
    status: 'completed' as const,
    progress: 100,
    result: { size: result.size, parts: result.parts },
    mark: markForDelivery(),
  };
  const changed = await preparedExecute(Prisma.sql`
    WITH changed AS (
      UPDATE conversions SET status = ${status('completed')}, progress = 100, result_size = ${BigInt(result.size)},
        result_crc32 = ${BigInt(result.crc32)}, result_parts = ${result.parts}::int, completed_at = ${NOW_UTC},
        error = ${result.note}::text
      WHERE id = ${id} AND status = ${status('processing')} AND run = ${run} ${FINISHED})
      ${outcomeWritesSql('completed', CHANGED)}
    SELECT ${conversionEventNotice(event)}, ${WITHOUT_WAITING_FOR_THE_DISK} FROM changed`);
  if (changed > 0) deliveredHere(event);
  return changed > 0;
}

/** The run failed with `message`; false when the row is no longer this run's processing. */
export async function failRun({ id, run }: RunOf, message: string): Promise<boolean> {
  const event = { id: String(id), status: 'failed' as const, progress: 0, error: message, mark: markForDelivery() };
  const changed = await preparedExecute(Prisma.sql`
    WITH changed AS (
      UPDATE conversions SET status = ${status('failed')}, error = ${message}, completed_at = ${NOW_UTC}
      WHERE id = ${id} AND status = ${status('processing')} AND run = ${run} ${FINISHED})
      ${outcomeWritesSql('failed', CHANGED)}
    SELECT ${conversionEventNotice(event)} FROM changed`);
  if (changed > 0) deliveredHere(event);
  return changed > 0;
}
