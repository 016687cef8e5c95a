import { withApi } from '@/lib/api/with-api';
import { checkHealth } from '@/lib/system/check-health';
import { healthOp } from '@/lib/schemas/system';

// GET /api/v1/health – database, storage (reachable, with free space) and queue checks; 503 naming the failing ones
export const GET = withApi(healthOp, async () => {
  const { status, ...report } = await checkHealth();
  if (status === 'ok') return { data: { status, ...report } };
  const failing = Object.keys(report.checks).filter(
    (name) => report.checks[name as keyof typeof report.checks] === 'error',
  );
  const error = `Unavailable: ${failing.join(', ')}`;
  return { status: 503, data: { status, ...report, error, code: 'service_unavailable' } };
});
