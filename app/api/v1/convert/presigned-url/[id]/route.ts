import { withApi } from '@/lib/api/with-api';
import { presignResult } from '@/lib/conversions/open-result';
import { presignedUrlOp } from '@/lib/schemas/conversion';
import { publicOrigin } from '@/lib/http/public-origin';

// GET /api/v1/convert/presigned-url/{id} – a short-lived direct link to the result
export const GET = withApi(presignedUrlOp, async ({ caller, params }) => ({
  data: await presignResult(caller, params.id, publicOrigin()),
}));
