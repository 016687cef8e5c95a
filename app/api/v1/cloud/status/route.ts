import { withApi } from '@/lib/api/with-api';
import { cloudProviderStatus } from '@/lib/cloud/cloud-status';
import { cloudStatusOp } from '@/lib/schemas/cloud';

// GET /api/v1/cloud/status – which cloud providers are configured, connectable and connected
export const GET = withApi(cloudStatusOp, async ({ caller }) => ({
  data: { providers: await cloudProviderStatus(caller.userId) },
}));
