import { withApi } from '@/lib/api/with-api';
import { putPartOp } from '@/lib/schemas/uploads';
import { putUploadPart } from '@/lib/uploads/parts/put';

// PUT /api/v1/uploads/{token}/parts/{number} – upload one part (raw body)
export const PUT = withApi(putPartOp, async ({ caller, params, request }) => ({
  data: await putUploadPart({ caller, token: params.token, number: params.number, request }),
}));
