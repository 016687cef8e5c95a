import { withApi } from '@/lib/api/with-api';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { ocrUpload } from '@/lib/uploads/tool-upload';
import { ocrOp } from '@/lib/schemas/tools';

// POST /api/v1/tools/ocr – read text from a scan or photo
export const POST = withApi(ocrOp, async ({ caller, request }) => ({
  status: 201,
  data: serializeConversion(await ocrUpload({ caller, request })),
}));
