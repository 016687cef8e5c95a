import type { PgBoss } from 'pg-boss';

// A process that both sends a queue's jobs and works them (the all-in-one process) wakes one of its
// own workers when it has sent a job, instead of hearing the job's NOTIFY back from PostgreSQL:
// pg-boss wakes every worker of the queue on a NOTIFY, and all but one of their fetches find
// nothing (2.5 fetches per conversion at ×2, bench/RESULTS.md). Such a process does not LISTEN for
// jobs; its workers poll, which finds the jobs other processes send and the retries that come due.
// The wake comes after the job's row is committed, so it only says "fetch now": a process that dies
// first loses nothing, the next poll of any worker takes the job.

type LocalWake = {
  /** The queue this process wakes its own workers for (set before the queue starts). */
  queue?: string;
  /** Whether the queue listens for NOTIFY, decided once when it starts. */
  listening?: boolean;
  /** Each woken worker's lastFetchedOn when it was woken: the wake is pending until it fetches. */
  woken: Map<string, number | null>;
};

// On globalThis: the all-in-one process holds two copies of lib/ (lib/processes/in-process-worker.ts).
const KEY = Symbol.for('transmute.localQueueWake');
const shared = globalThis as { [KEY]?: LocalWake };
const state = (): LocalWake => (shared[KEY] ??= { woken: new Map() });

/** Before the queue starts: this process sends `queue`'s jobs and works them, so it wakes its own workers. */
export function wakeWorkersLocally(queue: string): void {
  const s = state();
  if (s.listening === undefined) s.queue = queue; // a queue already listening keeps NOTIFY
}

/** When the queue starts: whether it LISTENs for jobs (not when this process wakes its own workers). */
export function queueListens(): boolean {
  const s = state();
  s.listening ??= s.queue === undefined;
  return s.listening;
}

/**
 * After a job of `queue` is committed: wakes one of this process's workers of that queue, so it
 * fetches now. An idle one when there is one, else the busy one that started its job first (it
 * fetches as soon as that job ends); one already woken and not yet fetched is not woken twice. A
 * process that listens for jobs, or works none of `queue`'s, does nothing here.
 */
export function wakeLocalWorker(boss: PgBoss, queue: string): void {
  const s = state();
  if (s.listening !== false || s.queue !== queue) return;
  const workers = boss.getWipData().filter((w) => w.name === queue && w.state === 'active');
  const pending = (w: (typeof workers)[number]) => s.woken.has(w.id) && s.woken.get(w.id) === w.lastFetchedOn;
  const free = workers.filter((w) => !pending(w));
  const chosen =
    free.find((w) => w.count === 0) ??
    free.sort((a, b) => (a.lastJobStartedOn ?? 0) - (b.lastJobStartedOn ?? 0))[0] ??
    workers[0];
  if (!chosen) return;
  s.woken.set(chosen.id, chosen.lastFetchedOn);
  boss.notifyWorker(chosen.id);
}
