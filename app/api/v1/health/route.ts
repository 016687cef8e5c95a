import { withApi } from '@/lib/api/with-api';
import { checkHealth } from '@/lib/system/check-health';
import { healthOp } from '@/lib/schemas/system';

// GET /api/v1/health – database, storage and queue checks
export const GET = withApi(healthOp, async () => {
  const health = await checkHealth();
  return { status: health.status === 'ok' ? 200 : 503, data: health };
});
