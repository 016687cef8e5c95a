import { withApi } from '@/lib/api/with-api';
import { livenessOp } from '@/lib/schemas/system';

// GET /api/v1/health/live – the process answers; touches neither the database nor the rate limiter
export const GET = withApi(livenessOp, async () => ({ data: { status: 'ok' as const } }));
