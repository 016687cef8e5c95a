// Runs once when a web process starts (Next's instrumentation hook): its metrics listener on
// METRICS_PORT, beside the API (workers start theirs in scripts/worker.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startMetricsServer } = await import('@/lib/observability/metrics-server');
  startMetricsServer();
}
