// The job worker's start, shared by the worker process and a web process that runs the worker too.
import { connectInngestWorker } from '@/inngest/connect-worker';
import { config } from '@/lib/config';
import { prepareFfmpeg } from '@/lib/engines/ffmpeg/sandboxed';
import { shutdownEngines } from '@/lib/engines/pools';
import { sandboxStatus } from '@/lib/engines/sandbox/sandbox-status';
import { log } from '@/lib/log/logger';
import { registerConversionSubscribers } from '@/lib/processes/conversion-subscribers';
import { runWorker } from '@/lib/processes/run-worker';
import { shutdownDeadlineMs } from '@/lib/runtime/process-shutdown';
import { startWebhookRelay } from '@/lib/webhooks/webhook-outbox';

/**
 * Starts taking jobs in this process: the worker process (scripts/worker.ts) and a web process that
 * runs the worker beside it (scripts/server.ts --with-worker) start it alike. Logs "[worker] ready"
 * once jobs are taken. `besideWeb`: the web process runs it. Returns the stop: the jobs in flight
 * finish within SHUTDOWN_SECONDS or are handed back to the queue, then the warm engines end; past
 * the deadline the process exits.
 */
export async function startWorker({ besideWeb = false } = {}): Promise<() => Promise<void>> {
  registerConversionSubscribers(); // before either job engine hands this process a conversion
  sandboxStatus(); // probed at start, so the log says at once when engines cannot run (and why)
  void prepareFfmpeg(); // in the background: the first runs may start without it
  // One engine runs the jobs: with Inngest configured the embedded queue (pg-boss, its schedules
  // and its connections) never starts here, and Inngest hands this worker its steps instead.
  const stopJobs = config.inngestEnabled ? connectInngestWorker() : await runWorker({ besideWeb });
  // Webhook deliveries owed but not yet queued (an outage came between), under either job engine.
  const stopRelay = startWebhookRelay();
  // Engines start on a job's first use and stop when idle (ENGINE_IDLE_SECONDS): an idle worker holds none.
  log.info({ jobs: config.inngestEnabled ? 'inngest' : 'embedded' }, '[worker] ready');
  return async () => {
    log.info('[worker] stopping: finishing or handing back the jobs in flight');
    // Past the deadline and a margin, nothing more is waited for.
    setTimeout(() => {
      log.error('[worker] shutdown overran its deadline; exiting');
      process.exit(1);
    }, shutdownDeadlineMs() + 10_000).unref();
    stopRelay();
    await stopJobs().catch(() => {});
    // After the jobs: the warm engines' folders are removed only once their processes end.
    await shutdownEngines().catch(() => {});
  };
}
