import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/errors';
import { errorResponse } from '@/lib/api/responses';

// Any path under /api/v1 that no route matches: a JSON 404 in the API's error shape instead of
// Next's HTML page. Not an operation (it serves no resource), so it is not in the OpenAPI
// document; the document's description states the rule. Real routes always win over this one.
export const dynamic = 'force-dynamic';

function notFound(request: Request): Response {
  const requestId = randomUUID();
  const { pathname } = new URL(request.url);
  return errorResponse(new AppError('not_found', `No API endpoint ${request.method} ${pathname}`), requestId);
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
export { notFound as HEAD, notFound as OPTIONS };
