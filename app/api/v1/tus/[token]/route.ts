import { withApi } from '@/lib/api/with-api';
import { withMissingHeaders } from '@/lib/api/with-missing-headers';
import { tusDeleteOp, tusHeadOp, tusPatchOp } from '@/lib/schemas/uploads';
import { continueTusUpload, tusUploadOffset } from '@/lib/uploads/tus/requests';

// HEAD /api/v1/tus/{token} – tus: offset to resume from (and X-Conversion-Id once finished)
export const HEAD = withApi(tusHeadOp, async ({ caller, request, params }) => {
  const { response, headers } = await tusUploadOffset(caller, request, params.token);
  return withMissingHeaders(response, headers);
});

// PATCH /api/v1/tus/{token} – tus: append bytes; the last one creates the conversion
export const PATCH = withApi(tusPatchOp, ({ caller, request, params }) =>
  continueTusUpload(caller, request, params.token),
);

// DELETE /api/v1/tus/{token} – tus: terminate an unfinished upload
export const DELETE = withApi(tusDeleteOp, ({ caller, request, params }) =>
  continueTusUpload(caller, request, params.token),
);
