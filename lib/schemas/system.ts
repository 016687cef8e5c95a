import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { errors } from '@/lib/schemas/common';

export const FormatEntry = z
  .object({
    format: z.string().meta({ example: 'docx' }),
    family: z.enum(['image', 'document', 'spreadsheet', 'presentation', 'video', 'audio']),
    mime: z.string(),
    label: z.string(),
    targets: z.array(z.string()).meta({ description: 'Formats this input converts to' }),
  })
  .meta({ id: 'FormatEntry' });

export const formatsOp = defineOperation({
  method: 'get',
  path: '/api/v1/formats',
  auth: 'open',
  openapi: { tags: ['System'], summary: 'List supported formats: each input format with its targets', responses: { '200': { description: 'Formats', content: { 'application/json': { schema: z.object({ formats: z.array(FormatEntry) }) } } }, ...errors(429) } },
});

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    checks: z.object({ database: z.enum(['ok', 'error']), storage: z.enum(['ok', 'error']), queue: z.enum(['ok', 'error']) }),
  })
  .meta({ id: 'Health' });

export const healthOp = defineOperation({
  method: 'get',
  path: '/api/v1/health',
  auth: 'open',
  rateLimited: false, // monitors poll it, and it must answer while the limiter's database is down
  openapi: { tags: ['System'], summary: 'Health check of database, storage and job queue (503 naming the failing check); not rate limited', responses: { '200': { description: 'Healthy', content: { 'application/json': { schema: Health } } }, '503': { description: 'Degraded', content: { 'application/json': { schema: Health } } } } },
});

export const signedFileOp = defineOperation({
  method: 'get',
  path: '/api/v1/files/{token}',
  auth: 'open',
  params: z.object({ token: z.string().min(10).max(2000).meta({ param: { description: 'Signed, expiring token from GET /api/v1/convert/presigned-url/{id}' } }) }),
  openapi: {
    tags: ['Conversions'],
    summary: 'Presigned download (local-disk storage): the target of presigned URLs',
    responses: { '200': { description: 'The file', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } }, ...errors(400, 404) },
  },
});

export const openapiOp = defineOperation({
  method: 'get',
  path: '/api/v1/openapi.json',
  auth: 'open',
  openapi: { tags: ['System'], summary: 'This OpenAPI 3.1 description', responses: { '200': { description: 'OpenAPI document', content: { 'application/json': { schema: z.object({}).passthrough() } } } } },
});

export const inngestOp = defineOperation({
  method: 'put',
  path: '/api/inngest',
  auth: 'open',
  openapi: {
    tags: ['Internal'],
    summary: 'Inngest serve endpoint (GET/POST/PUT), used only when INNGEST_* variables are set (404 otherwise); requests are verified with INNGEST_SIGNING_KEY',
    responses: { '200': { description: 'Inngest protocol response' } },
  },
});
