import { withApi } from '@/lib/api/with-api';
import { publicOrigin } from '@/lib/http/public-origin';
import { portalOp } from '@/lib/schemas/billing';
import { createPortalSession } from '@/lib/billing/portal';

// POST /api/v1/billing/portal – Stripe Customer Portal → {url}
export const POST = withApi(portalOp, async ({ caller }) => ({
  data: await createPortalSession(caller.userId, publicOrigin()),
}));
