import { withApi } from '@/lib/api/with-api';
import { getSubscription } from '@/lib/billing/subscription';
import { subscriptionOp } from '@/lib/schemas/subscriptions';

// GET /api/v1/subscriptions/me – your subscription, usage today and limits
export const GET = withApi(subscriptionOp, async ({ caller }) => ({ data: await getSubscription(caller) }));
