import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { errors, json } from '@/lib/schemas/common';


export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: 'First characters of the secret, to recognise it', example: 'tm_Xy12Ab3' }),
    created_at: z.string().meta({ format: 'date-time' }),
    last_used_at: z.string().meta({ format: 'date-time' }).nullable(),
  })
  .meta({ id: 'ApiKey' });

export const listApiKeysOp = defineOperation({
  method: 'get',
  path: '/api/v1/api-keys',
  auth: 'bearer',
  openapi: { tags: ['API keys'], summary: 'List your API keys', responses: { '200': json(z.object({ api_keys: z.array(ApiKey) }), 'Keys (never their secrets)'), ...errors(401, 403, 429) } },
});

export const createApiKeyOp = defineOperation({
  method: 'post',
  path: '/api/v1/api-keys',
  auth: 'bearer',
  body: z.strictObject({ name: z.string().trim().min(1).max(100).default('API key') }),
  openapi: {
    tags: ['API keys'],
    summary: 'Create an API key (paid plans). The secret is in this response only; send it as `X-API-Key` or `Authorization: Bearer`',
    responses: { '201': json(ApiKey.extend({ secret: z.string() }).meta({ id: 'CreatedApiKey' }), 'The key with its secret'), ...errors(400, 401, 403, 409, 429) },
  },
});

export const deleteApiKeyOp = defineOperation({
  method: 'delete',
  path: '/api/v1/api-keys/{id}',
  auth: 'bearer',
  params: z.object({ id: z.string().min(1).max(64).meta({ param: { description: 'API key id' } }) }),
  openapi: { tags: ['API keys'], summary: 'Delete an API key', responses: { '200': json(z.object({ deleted: z.literal(true) }), 'Deleted'), ...errors(401, 403, 404, 429) } },
});
