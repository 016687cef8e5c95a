import { withApi } from '@/lib/api/with-api';
import { deleteUploadOp, getUploadOp } from '@/lib/schemas/uploads';
import { getUploadOrThrow } from '@/lib/uploads/get-upload-or-throw';
import { abandonUpload } from '@/lib/uploads/parts/abandon';
import { serializeUpload } from '@/lib/uploads/serialize-upload';

// GET /api/v1/uploads/{token} – the upload and the part numbers already stored
export const GET = withApi(getUploadOp, async ({ caller, params }) => {
  const upload = await getUploadOrThrow(caller, params.token);
  return {
    data: serializeUpload(
      upload,
      upload.parts.map((p) => p.number),
    ),
  };
});

// DELETE /api/v1/uploads/{token} – abandon an upload
export const DELETE = withApi(deleteUploadOp, async ({ caller, params }) => ({
  data: await abandonUpload(caller, params.token),
}));
