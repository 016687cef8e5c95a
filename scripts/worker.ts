// The job worker process: `npm run worker` (scripts/start.sh runs the worker inside the web process
// instead: scripts/server.ts --with-worker).
import { exitOnInvalidConfig } from '@/lib/processes/exit-on-invalid-config';
import { startWorker } from './start-worker';
import { log } from '@/lib/log/logger';
import { startMetricsServer } from '@/lib/processes/metrics-server';
import { routeOutputToLog } from '@/lib/log/route-output';

async function main() {
  routeOutputToLog(); // libraries' console lines too: every line this process prints is a log line
  exitOnInvalidConfig('worker', ['DATABASE_URL']);
  startMetricsServer(); // on METRICS_PORT when set: /metrics and /health/live
  const stop = await startWorker();
  let stopping = false;
  const shutdown = async () => {
    // A second signal (Ctrl-C twice, or a signal to the whole process group) must not cut the
    // first shutdown short: the warm engines' folders are removed only after their processes end.
    if (stopping) return;
    stopping = true;
    // Jobs in flight get until the deadline to finish; the embedded queue then hands the rest back
    // (failed as interrupted, so another worker runs them).
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e) => {
  log.fatal({ err: e }, '[worker] failed to start');
  process.exit(1);
});
