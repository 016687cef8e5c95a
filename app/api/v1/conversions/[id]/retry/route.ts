import { withApi } from '@/lib/api/with-api';
import { retryConversion } from '@/lib/conversions/retry-conversion';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { retryOp } from '@/lib/schemas/conversion';

// POST /api/v1/conversions/{id}/retry – run a failed or cancelled conversion again
export const POST = withApi(retryOp, async ({ caller, params }) => ({
  data: serializeConversion(await retryConversion(caller, params.id)),
}));
