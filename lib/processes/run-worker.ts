import { config } from '@/lib/config';
import { runConversion, type RunOutcome } from '@/lib/conversions/run-conversion';
import { processJobsDir } from '@/lib/engines/sandbox/job-folders';
import { embeddedQueue, QUEUES, stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { type ConversionRequest, parseConversionRequested, parseWebhookDelivery } from '@/lib/jobs/events';
import { fetchingAgainAfterEachJob } from '@/lib/jobs/fetch-after-job';
import { announcedWaiting, queueListens, wakeWorkersLocally } from '@/lib/jobs/local-wake';
import { acceptHandOffs, stopHandOffs } from '@/lib/jobs/local-hand-off';
import { startLeaseSweep } from '@/lib/jobs/lease-sweep';
import { shutdownDeadlineMs } from '@/lib/runtime/process-shutdown';
import { PURGE_SCHEDULE } from '@/lib/jobs/retries';
import { withLogContext } from '@/lib/log/log-context';
import { purgeExpiredConversions } from '@/lib/retention/purge-expired';
import { withHeapGrowth } from '@/lib/runtime/heap-growth';
import { deliverWebhook } from '@/lib/webhooks/deliver-webhook';

/**
 * The embedded worker: runs conversion jobs (at most ENGINE_CONCURRENCY at once) and the
 * retention sweep on its schedule (PURGE_SCHEDULE). `besideWeb`: the process sends conversion jobs
 * too (the all-in-one process), so it wakes its own workers (lib/jobs/local-wake.ts). Returns a stop
 * function.
 */
export async function runWorker({ besideWeb = false } = {}): Promise<() => Promise<void>> {
  processJobsDir(); // starts the sweep of crashed processes' job folders now, not at the first job
  if (besideWeb) wakeWorkersLocally(QUEUES.runConversion);
  const boss = await embeddedQueue();
  await boss.work(
    QUEUES.runConversion,
    {
      localConcurrency: config.engineConcurrency,
      batchSize: 1,
      // Woken for each new job (by NOTIFY, or by this process's own sends), a worker polls every
      // 2 s for what no wake announces (retries that came due; here, other processes' jobs), and
      // every second while a listening process has lost its LISTEN connection.
      pollingIntervalSeconds: queueListens() ? 1 : 2,
      notifyPollingIntervalSeconds: 2,
    },
    // A worker whose conversion ends takes the next waiting one at once (lib/jobs/fetch-after-job.ts).
    fetchingAgainAfterEachJob(boss, QUEUES.runConversion, async ([job]) => {
      const request = parseConversionRequested(job.data);
      if (request === null) return { outcome: 'bad-payload' }; // not retried: it can never succeed
      return { outcome: await runConversionJob(request) };
    }),
  );
  if (besideWeb)
    acceptHandOffs({
      run: runConversionJob,
      queuedJobsHeld: () => boss.getWipData().reduce((n, w) => n + (w.name === QUEUES.runConversion ? w.count : 0), 0),
      queuedJobsWaiting: () => announcedWaiting(QUEUES.runConversion),
    });
  // Any worker queues the runs an all-in-one process started and gave up (it died).
  const stopLeaseSweep = startLeaseSweep();
  // Deliveries have their own queue and slots, so a receiver that is down never holds up a conversion.
  await boss.work(
    QUEUES.deliverWebhook,
    { localConcurrency: 4, batchSize: 1, pollingIntervalSeconds: 1 },
    fetchingAgainAfterEachJob(boss, QUEUES.deliverWebhook, async ([job]) => {
      const data = parseWebhookDelivery(job.data);
      if (data === null) return { outcome: 'bad-payload' };
      return { outcome: await deliverWebhook(data) }; // throws on a failed attempt: pg-boss retries it
    }),
  );
  await boss.work(QUEUES.purgeExpired, async () => ({ removed: await purgeExpiredConversions() }));
  await boss.schedule(QUEUES.purgeExpired, PURGE_SCHEDULE);
  return async () => {
    stopLeaseSweep();
    await Promise.all([stopHandOffs(shutdownDeadlineMs()), stopEmbeddedQueue()]);
  };
}

/** One conversion job, whoever took it (a queue's worker, or this process directly). */
function runConversionJob(request: ConversionRequest): Promise<RunOutcome> {
  // V8's heap may grow more freely while conversions run, and not when idle (see the module).
  // Every line the run logs names the conversion and the request that asked for it.
  const context = { conversionId: String(request.id), requestId: request.requestId };
  return withLogContext(context, () => withHeapGrowth(() => runConversion(request.id, request.run, request.claimed)));
}
