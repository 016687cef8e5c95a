import { randomUUID } from 'node:crypto';
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
  /** Jobs of `queue` this process sent that none of its workers has taken yet: id → when sent (ms). */
  announced: Map<string, number>;
};

/**
 * A job this process sent and none of its workers took within this long was taken elsewhere (or
 * waits behind a backlog this old): it stops counting as this process's, and is anyone's when taken.
 */
const ANNOUNCED_FOR_MS = 120_000;

// On globalThis: the all-in-one process holds two copies of lib/ (lib/processes/in-process-worker.ts).
const KEY = Symbol.for('transmute.localQueueWake');
const shared = globalThis as { [KEY]?: LocalWake };
const state = (): LocalWake => (shared[KEY] ??= { woken: new Map(), announced: new Map() });

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

/** Whether this process wakes its own workers for `queue` (and does not listen for its jobs). */
const wakesLocally = (s: LocalWake, queue: string) => s.listening === false && s.queue === queue;

/**
 * Sends a job of `queue` through `send` (given the job's id; it answers null when a job with the
 * same key already waits) and then wakes one of this process's workers for it. Where this process
 * wakes its own workers, the job counts as announced from before it is sent (a poll may take it
 * before the send returns) until one of them takes it (takeAnnounced).
 */
export async function sendWakingLocally(
  boss: PgBoss,
  queue: string,
  send: (id: string) => Promise<string | null>,
): Promise<void> {
  const s = state();
  const id = randomUUID();
  if (wakesLocally(s, queue)) s.announced.set(id, Date.now());
  try {
    if ((await send(id)) === null) s.announced.delete(id);
  } catch (e) {
    s.announced.delete(id);
    throw e;
  }
  wakeLocalWorker(boss, queue);
}

/**
 * A worker of this process took job `id` of `queue`: whether this process had announced it. False
 * for any job where the process does not wake its own workers, and for one it did not send or no
 * longer counts as its own (left from before a restart, another process's, a retry).
 */
export function takeAnnounced(queue: string, id: string): boolean {
  const s = state();
  return wakesLocally(s, queue) && s.announced.delete(id);
}

/** Whether jobs of `queue` this process announced may still be waiting for one of its workers. */
export function announcedWaiting(queue: string): boolean {
  const s = state();
  const expired = Date.now() - ANNOUNCED_FOR_MS;
  for (const [id, sentAt] of s.announced) if (sentAt < expired) s.announced.delete(id);
  return wakesLocally(s, queue) && s.announced.size > 0;
}

/**
 * After a job of `queue` is committed: wakes one of this process's workers of that queue, so it
 * fetches now. An idle one when there is one, else the busy one that started its job first (it
 * fetches as soon as that job ends); one already woken and not yet fetched is not woken twice. A
 * process that listens for jobs, or works none of `queue`'s, does nothing here.
 */
export function wakeLocalWorker(boss: PgBoss, queue: string): void {
  const s = state();
  if (!wakesLocally(s, queue)) return;
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
