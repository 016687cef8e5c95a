import { withApi } from '@/lib/api/with-api';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { uploadUrlOp } from '@/lib/schemas/url-import';
import { createUrlImport } from '@/lib/url-import/create-url-import';

// POST /api/v1/convert/upload-url – fetch a file by URL and convert it
export const POST = withApi(uploadUrlOp, async ({ caller, body }) => ({
  status: 201,
  data: serializeConversion(
    await createUrlImport({
      caller,
      url: body.url,
      targetFormat: body.target_format,
      fileName: body.file_name,
      convertOptions: body.options,
    }),
  ),
}));
