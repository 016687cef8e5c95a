// Runs once when a web process starts (Next's instrumentation hook): its metrics listener on
// METRICS_PORT, beside the API (workers start theirs in scripts/worker.ts), and the conversion's
// subscribers, since Inngest may hand this process a conversion step (app/api/inngest).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startMetricsServer } = await import('@/lib/processes/metrics-server');
  startMetricsServer();
  const { registerConversionSubscribers } = await import('@/lib/processes/conversion-subscribers');
  registerConversionSubscribers();
}
