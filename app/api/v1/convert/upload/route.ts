import { withApi } from '@/lib/api/with-api';
import { convertUpload } from '@/lib/uploads/direct/convert-upload';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { convertUploadOp } from '@/lib/schemas/conversion';

// POST /api/v1/convert/upload – upload a file and start a conversion
export const POST = withApi(convertUploadOp, async ({ caller, request }) => ({
  status: 201,
  data: serializeConversion(await convertUpload({ caller, request })),
}));
