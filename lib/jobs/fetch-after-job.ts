import type { Job, PgBoss } from 'pg-boss';
import { announcedWaiting, takeAnnounced } from '@/lib/jobs/local-wake';

// pg-boss fetches again at once only after a full batch of more than one job; otherwise a worker
// waits out its poll (2 s) unless woken, and its wakes (NOTIFY, notifyWorker) are one flag, not a
// count. So jobs queued while every worker was busy (a batch, a burst of requests) were taken one
// per worker per poll: twelve small conversions took 8.5 s where their work took 0.5 s. Here the
// worker that ran a job fetches again as soon as the job ends; when the queue is empty that fetch
// finds nothing and the worker waits as before. A process that wakes its own workers
// (lib/jobs/local-wake.ts) knows which of its jobs still wait: after one of its own jobs, with none
// of them left, that fetch would find nothing (one statement in nine of a conversion at ×2), so the
// worker waits for the next wake instead.

type Handler<T, R> = (jobs: Job<T>[]) => Promise<R>;

/** The worker of `queue` in this process that has just taken a job and that no running handler has claimed. */
function workerOf(boss: PgBoss, queue: string, claimed: Set<string>): string | undefined {
  const busy = boss.getWipData().filter((w) => w.name === queue && w.count > 0 && !claimed.has(w.id));
  // Two handlers starting in the same instant may each take the other's worker: either way each
  // worker is woken once when a job ends, and a busy worker woken fetches as soon as its own job ends.
  return busy.sort((a, b) => (b.lastJobStartedOn ?? 0) - (a.lastJobStartedOn ?? 0))[0]?.id;
}

/** `handler`, after which the worker that ran it fetches the next job at once when one may be waiting. */
export function fetchingAgainAfterEachJob<T, R>(boss: PgBoss, queue: string, handler: Handler<T, R>): Handler<T, R> {
  const claimed = new Set<string>();
  return async (jobs) => {
    const worker = workerOf(boss, queue, claimed);
    if (worker) claimed.add(worker);
    // A job from elsewhere (another process's, left from before a restart, a retry) may have more like it waiting.
    let allAnnounced = true;
    for (const job of jobs) allAnnounced = takeAnnounced(queue, job.id) && allAnnounced;
    try {
      return await handler(jobs);
    } finally {
      if (worker) {
        claimed.delete(worker);
        if (!allAnnounced || announcedWaiting(queue)) boss.notifyWorker(worker);
      }
    }
  };
}
