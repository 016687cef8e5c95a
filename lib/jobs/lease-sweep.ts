import { config } from '@/lib/config';
import type { Prisma } from '@/lib/generated/prisma/client';
import { embeddedQueue } from '@/lib/jobs/embedded-queue';
import { queueConversionJob } from '@/lib/jobs/enqueue';
import { conversionRequestedData } from '@/lib/jobs/events';
import { dropEndedLeasesSql, dropTakenLeasesSql, takeExpiredLeasesSql } from '@/lib/jobs/run-leases';
import { log } from '@/lib/log/logger';

// Every worker sweeps the leases of runs an all-in-one process started itself
// (lib/jobs/local-hand-off.ts): an expired lease whose conversion may still run is queued, as if
// that process had never taken it; the others are removed. The sweep's statements go over the
// queue's connections, which its workers' polls keep open anyway: on any other pool, a sweep every
// ten seconds would keep one more PostgreSQL backend (about 4 MB) alive in an idle process for it
// alone, since the pools close a connection after 10 s unused.

type TakenLease = { conversionId: string; run: number; subject: string; runnable: boolean };

async function onQueueConnections<T>(sql: Prisma.Sql): Promise<T[]> {
  const boss = await embeddedQueue();
  return (await boss.getDb().executeSql(sql.text, sql.values)).rows as T[];
}

/** Leases one sweep takes at most (the rest wait for the next). */
const SWEEP_BATCH = 100;

/** Queues the runs whose leases expired; how many it queued. */
export async function sweepExpiredLeases(): Promise<number> {
  await onQueueConnections(dropEndedLeasesSql());
  const taken = await onQueueConnections<TakenLease>(takeExpiredLeasesSql(config.jobLeaseMs, SWEEP_BATCH));
  if (taken.length === 0) return 0;
  const runnable = taken.filter((lease) => lease.runnable);
  for (const { conversionId, run, subject } of runnable) {
    log.warn({ conversionId, run }, '[worker] a run its process gave up goes back to the queue');
    await queueConversionJob(conversionRequestedData(BigInt(conversionId), run, subject), subject);
  }
  await onQueueConnections(dropTakenLeasesSql(taken));
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
