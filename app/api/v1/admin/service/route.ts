import { withApi } from '@/lib/api/with-api';
import { serviceOverview } from '@/lib/admin/service-overview';
import { adminServiceOp } from '@/lib/schemas/admin-service';

// GET /api/v1/admin/service – health, queue, conversions by engine, storage and configuration, for administrators
export const GET = withApi(adminServiceOp, async () => ({ data: await serviceOverview() }));
