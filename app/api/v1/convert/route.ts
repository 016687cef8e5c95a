import { fileResponse } from '@/lib/api/file-response';
import { withApi } from '@/lib/api/with-api';
import { awaitResult, startConversion } from '@/lib/uploads/convert-in-one-request';
import { publicOrigin } from '@/lib/http/public-origin';
import { convertOp } from '@/lib/schemas/convert';

// POST /api/v1/convert – convert a file in one request: the result, or 202 while it still runs
export const POST = withApi(convertOp, async ({ caller, request, query, leaveGate }) => {
  const started = await startConversion({ caller, request, wait: query.wait });
  leaveGate(); // the wait holds no database connection
  const end = await awaitResult(caller, started, request.signal);
  const { id } = started;
  const conversionId = String(id);
  if (end.done) {
    const response = fileResponse(end.result);
    response.headers.set('X-Conversion-Id', conversionId);
    return response;
  }
  const headers = {
    'X-Conversion-Id': conversionId,
    Location: `${publicOrigin()}/api/v1/convert/status/${conversionId}`,
  };
  return { status: 202, data: end.running, headers };
});
