import { withApi } from '@/lib/api/with-api';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { completeUploadOp } from '@/lib/schemas/uploads';
import { completeUpload } from '@/lib/uploads/parts/complete';

// POST /api/v1/uploads/{token}/complete – assemble the parts and convert (optional JSON body: options)
export const POST = withApi(completeUploadOp, async ({ caller, params, body }) => ({
  status: 201 as const,
  data: serializeConversion(await completeUpload(caller, params.token, body?.options)),
}));
