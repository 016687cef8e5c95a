import { AppError, isAppError } from '@/lib/api/errors';
import { z } from 'zod';

/** The error body every endpoint uses: `{ error, code }`. */
export function errorResponse(error: AppError, requestId: string): Response {
  return Response.json(
    { error: error.message, code: error.code },
    { status: error.status, headers: { 'X-Request-Id': requestId, ...error.headers } },
  );
}

/** Maps anything thrown to an AppError; unknown errors become a generic 500 (logged, never echoed). */
export function toAppError(e: unknown, requestId: string): AppError {
  if (isAppError(e)) return e;
  if (e instanceof z.ZodError) return new AppError('validation_failed', describeZodError(e));
  console.error(`[${requestId}]`, e);
  return new AppError('internal_error', 'Internal server error, please retry');
}

export function describeZodError(e: z.ZodError): string {
  return e.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}
