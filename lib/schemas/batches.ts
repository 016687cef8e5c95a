import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { BATCH_STATUSES } from '@/lib/domain/batch-status';
import { Conversion, ConversionOptions, OPTIONS_ENCODING } from '@/lib/schemas/conversion';
import { binaryContent, errors, json, text } from '@/lib/schemas/common';

const BatchStatusValue = z.enum(BATCH_STATUSES).meta({
  id: 'BatchStatus',
  description:
    'pending (nothing started), processing, completed (every file), partial (finished, some failed or ' +
    'cancelled), failed (finished, none completed), cancelled (every file cancelled)',
});

const batchId = z.string().meta({ description: 'Random, URL-safe, ≥ 128 bits' });
const dateTime = z.string().meta({ format: 'date-time' });
const progress = z
  .number()
  .int()
  .min(0)
  .max(100)
  .meta({ description: 'Mean of the files (a finished file counts 100)' });

export const BatchCreated = z
  .object({
    batch_id: batchId,
    status: BatchStatusValue,
    progress,
    total: z.number().int().min(1),
    conversions: z.array(Conversion).meta({ description: 'One per file, in upload order' }),
    created_at: dateTime,
    expires_at: dateTime,
  })
  .meta({ id: 'BatchCreated' });

export const BatchStatusBody = z
  .object({
    batch: z.object({
      batch_id: batchId,
      status: BatchStatusValue,
      progress,
      total: z.number().int().min(1),
      completed: z.number().int().min(0),
      failed: z.number().int().min(0).meta({ description: 'Files finished without a result (failed or cancelled)' }),
      created_at: dateTime,
      expires_at: dateTime,
    }),
    conversions: z.array(Conversion),
  })
  .meta({ id: 'BatchStatusResponse' });

const BatchUploadForm = z.object({
  file: z.string().meta({ format: 'binary', description: 'A file; repeat the part for each file' }),
  target_format: text().meta({
    description: 'One value for every file, or one per file in the same order as the files',
    example: 'pdf',
  }),
  options: ConversionOptions.optional().meta({
    description: 'JSON text (ConversionOptions): one part for every file, or one per file in the same order',
  }),
});

const BatchIdParams = z.object({
  batchId: text()
    .min(1)
    .max(200)
    .meta({ param: { description: 'The `batch_id` from the upload' } }),
});

const tags = ['Batches'];

export const batchUploadOp = defineOperation({
  operationId: 'createBatch',
  method: 'post',
  path: '/api/v1/batch/upload',
  auth: 'any',
  responses: { 200: json(BatchCreated, 'The batch and one pending conversion per file') },
  openapi: {
    tags,
    summary: 'Convert several files at once',
    description:
      "Streamed `multipart/form-data` with one or more `file` parts. More files than the plan's files per " +
      'batch → 413 `batch_too_large`; a file over the upload limit → 413. Any file refused (size, format, ' +
      'pair) refuses the whole batch, naming the file: nothing is kept and nothing charged. The daily ' +
      'allowance is charged for every file at once, or not at all (429). Each file is then an ordinary ' +
      'conversion (status, download, share, delete).',
    requestBody: {
      required: true,
      content: { 'multipart/form-data': { schema: BatchUploadForm, encoding: OPTIONS_ENCODING } },
    },
    responses: errors(413, 500, 507),
  },
});

export const batchStatusOp = defineOperation({
  operationId: 'getBatchStatus',
  method: 'get',
  path: '/api/v1/batch/{batchId}/status',
  auth: 'any',
  params: BatchIdParams,
  responses: { 200: json(BatchStatusBody, 'The batch and its files') },
  openapi: { tags, summary: 'Get batch status', responses: errors(403) },
});

export const batchDownloadOp = defineOperation({
  operationId: 'downloadBatch',
  method: 'get',
  path: '/api/v1/batch/{batchId}/download',
  auth: 'any',
  params: BatchIdParams,
  responses: {},
  openapi: {
    tags,
    summary: 'Download the batch as a ZIP',
    description:
      'Every completed result, built and streamed while it is sent (already-compressed formats are stored, ' +
      "not deflated); names are the results' download names made unique (`report.pdf`, `report (1).pdf`). " +
      '409 while no file has completed.',
    responses: {
      '200': {
        description: 'The ZIP',
        content: binaryContent('application/zip'),
      },
      ...errors(403, 409),
    },
  },
});

const GroupConversionsBody = z
  .strictObject({
    conversion_ids: z
      .array(z.number().int().positive().meta({ description: 'A conversion id' }))
      .min(1)
      .max(1000)
      .meta({ description: 'Your conversions, in the order the batch lists them' }),
  })
  .meta({ id: 'GroupConversions' });

export const groupConversionsOp = defineOperation({
  operationId: 'createBatchFromConversions',
  method: 'post',
  path: '/api/v1/batch',
  auth: 'any',
  body: GroupConversionsBody,
  responses: { 200: json(BatchCreated, 'The batch of those conversions') },
  openapi: {
    tags,
    summary: 'Make a batch of conversions already created (for one status and one ZIP)',
    description:
      'For files uploaded one by one (resumable uploads): the batch then has a status and a ZIP like an ' +
      "uploaded one. More conversions than the plan's files per batch → 413 `batch_too_large`; one of " +
      "someone else's → 403; one already in a batch → 409. Nothing is charged again.",
    responses: errors(404, 409, 413),
  },
});

export const batchOperations = [batchUploadOp, batchStatusOp, batchDownloadOp, groupConversionsOp];
