import { config } from '@/lib/config';
import { queueConversionJob } from '@/lib/jobs/enqueue';
import { conversionRequestedData } from '@/lib/jobs/events';
import { dropEndedLeases, dropTakenLeases, takeExpiredLeases } from '@/lib/jobs/run-leases';
import { log } from '@/lib/log/logger';

// Every worker sweeps the leases of runs an all-in-one process started itself
// (lib/jobs/local-hand-off.ts): an expired lease whose conversion may still run is queued, as if
// that process had never taken it; the others are removed.

/** Leases one sweep takes at most (the rest wait for the next). */
const SWEEP_BATCH = 100;

/** Queues the runs whose leases expired; how many it queued. */
export async function sweepExpiredLeases(): Promise<number> {
  await dropEndedLeases();
  const taken = await takeExpiredLeases(config.jobLeaseMs, SWEEP_BATCH);
  if (taken.length === 0) return 0;
  const runnable = taken.filter((lease) => lease.runnable);
  for (const { conversionId, run, subject } of runnable) {
    log.warn({ conversionId: String(conversionId), run }, '[worker] a run its process gave up goes back to the queue');
    await queueConversionJob(conversionRequestedData(conversionId, run, subject), subject);
  }
  await dropTakenLeases(taken);
  return runnable.length;
}

/** Sweeps three times per lease, until the returned stop is called. */
export function startLeaseSweep(): () => void {
  const timer = setInterval(() => {
    sweepExpiredLeases().catch((err: unknown) => log.error({ err }, '[worker] the lease sweep failed'));
  }, config.jobLeaseMs / 3);
  timer.unref();
  return () => clearInterval(timer);
}
