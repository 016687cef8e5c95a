import { withApi } from '@/lib/api/with-api';
import { readConversionStatus } from '@/lib/conversions/read-conversion-status';
import { conversionStatusOp } from '@/lib/schemas/conversion';

// GET /api/v1/convert/status/{id} – conversion status
export const GET = withApi(conversionStatusOp, async ({ caller, params }) => ({
  data: await readConversionStatus(caller, params.id),
}));
