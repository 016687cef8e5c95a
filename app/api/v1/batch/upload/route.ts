import { withApi } from '@/lib/api/with-api';
import { createBatch } from '@/lib/batches/create-batch';
import { serializeBatchCreated } from '@/lib/batches/serialize-batch';
import { batchUploadOp } from '@/lib/schemas/batches';

// POST /api/v1/batch/upload – upload several files and convert each
export const POST = withApi(batchUploadOp, async ({ caller, request }) => ({
  data: serializeBatchCreated(await createBatch({ caller, request })),
}));
