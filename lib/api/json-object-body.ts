import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/errors';
import { errorResponse } from '@/lib/api/responses';

/**
 * For handlers that are not ours and read a JSON body with `request.json()` (next-auth): a body
 * that claims to be JSON but is not a JSON object answers 400 `bad_request` here, where it became
 * their 500. Reads a copy of the body, so the handler still gets it.
 */
export async function refuseMalformedJson(request: Request): Promise<Response | undefined> {
  if (request.method !== 'POST' || !request.headers.get('content-type')?.includes('application/json')) return;
  let value: unknown;
  try {
    value = JSON.parse(await request.clone().text());
  } catch {
    value = undefined;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return;
  return errorResponse(new AppError('bad_request', 'Request body is not a JSON object'), randomUUID());
}
