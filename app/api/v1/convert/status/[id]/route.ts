import { withApi } from '@/lib/api/with-api';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import { serializeStatus } from '@/lib/conversions/serialize-conversion';
import { conversionStatusOp } from '@/lib/schemas/conversion';

// GET /api/v1/convert/status/{id} – conversion status
export const GET = withApi(conversionStatusOp, async ({ caller, params }) => ({
  data: serializeStatus(await getConversionOrThrow(caller, params.id)),
}));
