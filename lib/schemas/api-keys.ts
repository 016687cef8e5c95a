import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { errors, json, text } from '@/lib/schemas/common';

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: 'First characters of the secret, to recognise it', example: 'tm_Xy12Ab3' }),
    created_at: z.string().meta({ format: 'date-time' }),
    last_used_at: z.string().meta({ format: 'date-time' }).nullable(),
  })
  .meta({ id: 'ApiKey' });

const CreatedApiKey = ApiKey.extend({ secret: z.string() }).meta({ id: 'CreatedApiKey' });

const ApiKeyList = z.object({ api_keys: z.array(ApiKey) });

export const listApiKeysOp = defineOperation({
  operationId: 'listApiKeys',
  method: 'get',
  path: '/api/v1/api-keys',
  auth: 'bearer',
  responses: { 200: json(ApiKeyList, 'Keys (never their secrets)') },
  openapi: { tags: ['API keys'], summary: 'List your API keys' },
});

export const createApiKeyOp = defineOperation({
  operationId: 'createApiKey',
  method: 'post',
  path: '/api/v1/api-keys',
  auth: 'bearer',
  body: z.strictObject({ name: text().trim().min(1).max(100).default('API key') }),
  responses: { 200: json(CreatedApiKey, 'The key with its secret') },
  openapi: {
    tags: ['API keys'],
    summary:
      'Create an API key (paid plans). The secret is in this response only; ' +
      'send it as `X-API-Key` or `Authorization: Bearer`',
    responses: errors(409),
  },
});

export const deleteApiKeyOp = defineOperation({
  operationId: 'deleteApiKey',
  method: 'delete',
  path: '/api/v1/api-keys/{id}',
  auth: 'bearer',
  params: z.object({
    id: text()
      .min(1)
      .max(64)
      .meta({ param: { description: 'API key id' } }),
  }),
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Deleted') },
  openapi: { tags: ['API keys'], summary: 'Delete an API key' },
});
