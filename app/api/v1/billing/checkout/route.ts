import { withApi } from '@/lib/api/with-api';
import { appOrigin } from '@/lib/billing/billing-errors';
import { createCheckoutSession } from '@/lib/billing/checkout';
import { checkoutOp } from '@/lib/schemas/billing';

// POST /api/v1/billing/checkout – Stripe Checkout for a paid plan → {url}
export const POST = withApi(checkoutOp, async ({ request, caller, body }) => ({
  data: await createCheckoutSession(caller.userId!, body.plan, appOrigin(request)),
}));
