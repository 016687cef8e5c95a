// The job worker process: `npm run worker` (scripts/start.sh starts it beside the web server).
import { connectInngestWorker } from '@/inngest/connect-worker';
import { config } from '@/lib/config';
import { exitOnInvalidConfig } from '@/lib/config/validate-config';
import { shutdownEngines } from '@/lib/engines/pools';
import { sandboxStatus } from '@/lib/engines/sandbox-status';
import { registerConversionSubscribers } from '@/lib/processes/conversion-subscribers';
import { runWorker } from '@/lib/processes/run-worker';
import { log } from '@/lib/observability/logger';
import { startMetricsServer } from '@/lib/observability/metrics-server';
import { shutdownDeadlineMs } from '@/lib/system/process-shutdown';

async function main() {
  exitOnInvalidConfig('worker', ['DATABASE_URL']);
  startMetricsServer(); // on METRICS_PORT when set: /metrics and /health/live
  registerConversionSubscribers(); // before either job engine hands this process a conversion
  sandboxStatus(); // probed at start, so the log says at once when engines cannot run (and why)
  // One engine runs the jobs: with Inngest configured the embedded queue (pg-boss, its schedules
  // and its connections) never starts here, and Inngest hands this worker its steps instead.
  const stop = config.inngestEnabled ? connectInngestWorker() : await runWorker();
  // Engines start on a job's first use and stop when idle (ENGINE_IDLE_SECONDS): an idle worker holds none.
  log.info({ jobs: config.inngestEnabled ? 'inngest' : 'embedded' }, '[worker] ready');
  let stopping = false;
  const shutdown = async () => {
    // A second signal (Ctrl-C twice, or a signal to the whole process group) must not cut the
    // first shutdown short: the warm engines' folders are removed only after their processes end.
    if (stopping) return;
    stopping = true;
    // Jobs in flight get until the deadline to finish; the embedded queue then hands the rest back
    // (failed as interrupted, so another worker runs them). Past it and a margin, nothing is waited for.
    log.info('[worker] stopping: finishing or handing back the jobs in flight');
    setTimeout(() => {
      log.error('[worker] shutdown overran its deadline; exiting');
      process.exit(1);
    }, shutdownDeadlineMs() + 10_000).unref();
    await stop().catch(() => {});
    await shutdownEngines().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e) => {
  log.fatal({ err: e }, '[worker] failed to start');
  process.exit(1);
});
