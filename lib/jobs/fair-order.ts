import type { PgBoss } from 'pg-boss';
import { QUEUE_SCHEMA } from '@/lib/jobs/embedded-queue';

/**
 * The subject's jobs waiting or running in the queue. pg-boss keeps completed jobs for days, so a
 * plain `state < 'completed'` filter would read all of them on every send; the two halves are
 * shaped to pg-boss's own partial indexes (waiting: `name, priority, created_on` where
 * `state < 'active' AND NOT blocked`, which its fetch uses too; running: `name, group_id` where
 * `state = 'active'`), so the count reads only live jobs. No job here is ever blocked (none has
 * dependencies).
 */
export const SUBJECT_JOBS_IN_QUEUE = `SELECT (
    (SELECT count(*) FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND state < 'active' AND NOT blocked AND group_id = $2)
  + (SELECT count(*) FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND state = 'active' AND group_id = $2)
  )::int AS n`;

/**
 * Sends a job so that subjects (accounts, teams, guest addresses) take turns: a subject's job gets
 * the priority minus the number of its jobs already waiting or running in the queue, and workers
 * take the highest priority first (then the oldest). So one account's 500-file batch is queued as
 * its 1st, 2nd, 3rd… turn, and another account's single job, queued later, still gets a first
 * turn and runs next. Only the order changes, never how many run: with nobody else waiting, one
 * subject's jobs fill every engine slot. Answers the job's id (`id` when given), or null when a job
 * with the same `singletonKey` already waits.
 */
export async function sendInTurn(
  boss: PgBoss,
  queue: string,
  data: object,
  { id, subject, singletonKey }: { id?: string; subject: string; singletonKey: string },
): Promise<string | null> {
  const ahead = await boss.getDb().executeSql(SUBJECT_JOBS_IN_QUEUE, [queue, subject]);
  const turn = Number(ahead.rows[0]?.n ?? 0);
  return boss.send(queue, data, { id, singletonKey, group: { id: subject }, priority: -turn });
}
