import { withApi } from '@/lib/api/with-api';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { compressUpload } from '@/lib/uploads/tool-upload';
import { compressUploadOp } from '@/lib/schemas/tools';

// POST /api/v1/compress/upload – compress a file in place
export const POST = withApi(compressUploadOp, async ({ caller, request }) => ({
  status: 201,
  data: serializeConversion(await compressUpload({ caller, request })),
}));
