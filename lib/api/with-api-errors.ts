import { z } from 'zod';
import type { AnyOperation } from '@/lib/schemas/operation';

// The error statuses withApi answers for an operation by the way it is declared, so the OpenAPI
// document (lib/api/openapi.ts) says them without each operation listing them by hand; an
// operation's own `openapi.responses` lists only what its handler adds (409 in the wrong state, 413
// over the plan, 403 for another caller's resource...). Only the API's own operations (/api/v1/):
// the others (next-auth, Stripe's webhook, Inngest) follow their protocol's answers.

type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 429 | 503;

/** A path parameter that names a resource (an id, a token), not one of a fixed set (a provider). */
const namesResource = (param: unknown) => !(param instanceof z.ZodEnum);

export function withApiErrorStatuses(op: AnyOperation): ErrorStatus[] {
  if (!op.path.startsWith('/api/v1/')) return [];
  const statuses: ErrorStatus[] = [];
  // A path, query or body that fails its schema (or a body that is not JSON): 400.
  if (op.params || op.query || op.body || op.openapi.requestBody) statuses.push(400);
  // Credentials that are present but wrong, or missing where an account is needed.
  if (op.auth !== 'open') statuses.push(401);
  // A cookie caller's state change from another origin (CSRF): open operations read no cookie; and
  // an account that is not an administrator's on an administrators' operation.
  if (op.auth === 'admin' || (op.auth !== 'open' && op.method !== 'get')) statuses.push(403);
  // The resource its path names does not exist (or is not the caller's to see).
  if (Object.values(op.params?.shape ?? {}).some(namesResource)) statuses.push(404);
  // A JSON body past JSON_BODY_LIMIT_BYTES (lib/api/with-api.ts).
  if (op.body) statuses.push(413);
  // 429 past the subject's requests at once (lib/limits/concurrent-requests.ts) or its rate, and 503
  // when the rate limit cannot be counted or the database is busy or unreachable.
  if (op.rateLimited !== false) statuses.push(429, 503);
  return statuses;
}
