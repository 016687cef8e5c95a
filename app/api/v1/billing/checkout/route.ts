import { withApi } from '@/lib/api/with-api';
import { publicOrigin } from '@/lib/http/public-origin';
import { createCheckoutSession } from '@/lib/billing/checkout';
import { checkoutOp } from '@/lib/schemas/billing';

// POST /api/v1/billing/checkout – Stripe Checkout for a paid plan → {url}
export const POST = withApi(checkoutOp, async ({ caller, body }) => ({
  data: await createCheckoutSession(caller.userId, body.plan, publicOrigin()),
}));
