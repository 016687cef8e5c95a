import { withApi } from '@/lib/api/with-api';
import { CLOUD_PROVIDER_NAMES, CLOUD_PROVIDERS, isConfigured } from '@/lib/cloud/providers';
import { cloudStatusOp } from '@/lib/schemas/cloud';

// GET /api/v1/cloud/status – which cloud providers are configured
export const GET = withApi(cloudStatusOp, async () => ({
  data: {
    providers: CLOUD_PROVIDERS.map((id) => ({ id, name: CLOUD_PROVIDER_NAMES[id], configured: isConfigured(id) })),
  },
}));
