import { withApi } from '@/lib/api/with-api';
import { cancelConversion } from '@/lib/conversions/cancel-conversion';
import { serializeStatus } from '@/lib/conversions/serialize-conversion';
import { cancelOp } from '@/lib/schemas/conversion';

// POST /api/v1/conversions/{id}/cancel – cancel a conversion
export const POST = withApi(cancelOp, async ({ caller, params }) => ({
  data: serializeStatus(await cancelConversion(caller, params.id)),
}));
