import type { z } from 'zod';
import type { Batch as BatchRow, Conversion as ConversionRow } from '@/lib/generated/prisma/client';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import type { BatchCreated, BatchStatusBody } from '@/lib/schemas/batches';
import { summarizeBatch } from '@/lib/domain/batch-status';

type Loaded = { batch: BatchRow; conversions: ConversionRow[] };

/** The batch upload's answer: the batch and every file's Conversion, in upload order. */
export function serializeBatchCreated({ batch, conversions }: Loaded) {
  const { status, progress, total } = summarizeBatch(conversions);
  return {
    batch_id: batch.id,
    status,
    progress,
    total,
    conversions: conversions.map(serializeConversion),
    created_at: batch.createdAt.toISOString(),
    expires_at: batch.expiresAt.toISOString(),
  } satisfies z.input<typeof BatchCreated>;
}

/** GET /batch/{batchId}/status: the summary and the files. */
export function serializeBatchStatus({ batch, conversions }: Loaded) {
  return {
    batch: {
      batch_id: batch.id,
      ...summarizeBatch(conversions),
      created_at: batch.createdAt.toISOString(),
      expires_at: batch.expiresAt.toISOString(),
    },
    conversions: conversions.map(serializeConversion),
  } satisfies z.input<typeof BatchStatusBody>;
}
