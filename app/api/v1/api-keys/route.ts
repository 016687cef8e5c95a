import { withApi } from '@/lib/api/with-api';
import { createApiKey, listApiKeys } from '@/lib/api-keys/manage-api-keys';
import { createApiKeyOp, listApiKeysOp } from '@/lib/schemas/api-keys';

// GET /api/v1/api-keys – list your API keys
export const GET = withApi(listApiKeysOp, async ({ caller }) => ({ data: await listApiKeys(caller) }));

// POST /api/v1/api-keys – create an API key (secret returned once)
export const POST = withApi(createApiKeyOp, async ({ caller, body }) => ({
  data: await createApiKey(caller, body.name),
}));
