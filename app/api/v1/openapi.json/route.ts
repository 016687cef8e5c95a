import { openApiDocument } from '@/lib/api/openapi';
import { withApi } from '@/lib/api/with-api';
import { openapiOp } from '@/lib/schemas/system';

// GET /api/v1/openapi.json – the OpenAPI 3.1 description
export const GET = withApi(openapiOp, async () => ({ data: { ...openApiDocument() } }));
