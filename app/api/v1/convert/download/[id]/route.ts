import { fileResponse } from '@/lib/api/file-response';
import { withApi } from '@/lib/api/with-api';
import { openResult, presignResult } from '@/lib/conversions/open-result';
import { downloadOp } from '@/lib/schemas/conversion';
import { publicOrigin } from '@/lib/http/public-origin';

// GET /api/v1/convert/download/{id} – the converted file, or a redirect to a presigned URL
export const GET = withApi(downloadOp, async ({ caller, params, query }) => {
  if (query.redirect === 'true') {
    const { url } = await presignResult(caller, params.id, publicOrigin());
    return new Response(null, { status: 302, headers: { Location: url, 'Cache-Control': 'no-store' } });
  }
  return fileResponse(await openResult(caller, params.id));
});
