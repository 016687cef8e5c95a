// The job worker process: `npm run worker` (scripts/start.sh starts it beside the web server).
import { runWorker } from '@/lib/jobs/run-worker';
import { shutdownLibreOffice, warmUp } from '@/lib/engines/libreoffice-engine';

async function main() {
  const stop = await runWorker();
  console.log('[worker] ready');
  warmUp().catch((e: unknown) => console.error('[worker] LibreOffice warm-up failed:', e));
  let stopping = false;
  const shutdown = async () => {
    // A second signal (Ctrl-C twice, or a signal to the whole process group) must not cut the
    // first shutdown short: LibreOffice's folders are removed only after its processes end.
    if (stopping) return;
    stopping = true;
    await stop().catch(() => {});
    await shutdownLibreOffice().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e) => {
  console.error('[worker] failed to start:', e);
  process.exit(1);
});
