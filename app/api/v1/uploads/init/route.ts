import { withApi } from '@/lib/api/with-api';
import { initUploadOp } from '@/lib/schemas/uploads';
import { initUpload } from '@/lib/uploads/parts/init';
import { serializeUpload } from '@/lib/uploads/serialize-upload';

// POST /api/v1/uploads/init – open a resumable upload
export const POST = withApi(initUploadOp, async ({ caller, body }) => {
  const upload = await initUpload({
    caller,
    fileName: body.file_name,
    fileSize: body.file_size,
    targetFormat: body.target_format,
  });
  return { data: serializeUpload(upload, []) };
});
