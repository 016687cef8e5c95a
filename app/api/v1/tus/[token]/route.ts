import { withApi } from '@/lib/api/with-api';
import { answerOf } from '@/lib/api/answer-of';
import { tusDeleteOp, tusHeadOp, tusPatchOp } from '@/lib/schemas/uploads';
import { answerTusUpload } from '@/lib/uploads/tus/requests';

// HEAD /api/v1/tus/{token} – tus: offset to resume from (and X-Conversion-Id once finished)
export const HEAD = withApi(tusHeadOp, async ({ caller, request, params }) =>
  answerOf(await answerTusUpload(caller, request, params.token)),
);

// PATCH /api/v1/tus/{token} – tus: append bytes; the last one creates the conversion
export const PATCH = withApi(tusPatchOp, async ({ caller, request, params }) =>
  answerOf(await answerTusUpload(caller, request, params.token)),
);

// DELETE /api/v1/tus/{token} – tus: terminate an unfinished upload
export const DELETE = withApi(tusDeleteOp, async ({ caller, request, params }) =>
  answerOf(await answerTusUpload(caller, request, params.token)),
);
