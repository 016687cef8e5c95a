import { withApi } from '@/lib/api/with-api';
import { statsOp } from '@/lib/schemas/stats';
import { publicStats } from '@/lib/stats/public-stats';

// GET /api/v1/stats – public product statistics (aggregates only, cached up to 60 s)
export const GET = withApi(statsOp, async () => ({ data: await publicStats() }));
