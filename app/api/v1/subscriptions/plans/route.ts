import { withApi } from '@/lib/api/with-api';
import { listPlans } from '@/lib/billing/subscription';
import { plansOp } from '@/lib/schemas/subscriptions';

// GET /api/v1/subscriptions/plans – the plans and their limits
export const GET = withApi(plansOp, async () => ({ data: listPlans() }));
