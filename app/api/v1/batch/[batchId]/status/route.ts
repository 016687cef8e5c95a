import { withApi } from '@/lib/api/with-api';
import { getBatchOrThrow } from '@/lib/batches/get-batch-or-throw';
import { serializeBatchStatus } from '@/lib/batches/serialize-batch';
import { batchStatusOp } from '@/lib/schemas/batches';

// GET /api/v1/batch/{batchId}/status – the batch's status and its files
export const GET = withApi(batchStatusOp, async ({ caller, params }) => {
  const batch = await getBatchOrThrow(caller, params.batchId);
  return { data: serializeBatchStatus({ batch, conversions: batch.conversions }) };
});
