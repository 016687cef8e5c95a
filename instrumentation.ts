// Runs once when a web process starts (Next's instrumentation hook): the sandbox probe, its metrics
// listener on METRICS_PORT, beside the API (workers start theirs in scripts/worker.ts), and the
// conversion's subscribers, since Inngest may hand this process a conversion step
// (app/api/inngest). When the web server runs the job worker too (scripts/server.ts --with-worker),
// the worker starts here, so it runs from this module graph, the one of the subscribers it calls,
// and not from the web server's own copy of lib/ (lib/processes/in-process-worker.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { sandboxStatus } = await import('@/lib/engines/sandbox/sandbox-status');
  sandboxStatus(); // probed at start, so the log says at once when engines cannot run (and why)
  const { startMetricsServer } = await import('@/lib/processes/metrics-server');
  startMetricsServer();
  const { registerConversionSubscribers } = await import('@/lib/processes/conversion-subscribers');
  registerConversionSubscribers();
  const { startInProcessWorkerIfAsked } = await import('@/lib/processes/in-process-worker');
  await startInProcessWorkerIfAsked(async () =>
    (await import('@/scripts/start-worker')).startWorker({ besideWeb: true }),
  );
}
