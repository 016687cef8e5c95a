import { fileResponse } from '@/lib/api/file-response';
import { withApi } from '@/lib/api/with-api';
import { openBatchZip } from '@/lib/batches/batch-zip';
import { batchDownloadOp } from '@/lib/schemas/batches';

// GET /api/v1/batch/{batchId}/download – every completed result as one streamed ZIP
export const GET = withApi(batchDownloadOp, async ({ caller, params }) => {
  const zip = await openBatchZip(caller, params.batchId);
  return fileResponse({ ...zip, size: null, contentType: 'application/zip' });
});
