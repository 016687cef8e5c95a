import { AppError, isAppError } from '@/lib/errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/lib/database-settings';
import { isOutOfSpace, outOfSpaceError } from '@/lib/storage/out-of-space';
import { z } from 'zod';

/** The error body every endpoint uses: `{ error, code }`. */
export function errorResponse(error: AppError, requestId: string): Response {
  return Response.json(
    { error: error.message, code: error.code },
    { status: error.status, headers: { 'X-Request-Id': requestId, ...error.headers } },
  );
}

// Prisma's known request errors that are the caller's race, not our fault: a record that disappeared
// between a read and a write (P2025), and a unique value taken meanwhile (P2002). Matched by shape so
// this module does not load the Prisma client.
const PRISMA_ERRORS: Record<string, () => AppError> = {
  P2025: () => new AppError('not_found', 'The resource no longer exists'),
  P2002: () => new AppError('conflict', 'The resource already exists'),
};

function prismaCode(e: unknown): string | undefined {
  if (!(e instanceof Error) || e.name !== 'PrismaClientKnownRequestError') return undefined;
  const code = (e as Error & { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Maps anything thrown to an AppError; unknown errors become a generic 500 (logged, never echoed). */
export function toAppError(e: unknown, requestId: string): AppError {
  if (isAppError(e)) return e;
  if (e instanceof z.ZodError) return new AppError('validation_failed', describeZodError(e));
  const known = PRISMA_ERRORS[prismaCode(e) ?? ''];
  if (known) return known();
  if (isDatabaseUnavailable(e)) {
    console.error(`[${requestId}] database busy or unreachable:`, e instanceof Error ? e.message : e);
    return new AppError('service_unavailable', 'The database is busy or unreachable, please retry', {
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    });
  }
  if (isOutOfSpace(e)) {
    console.error(`[${requestId}] out of storage space:`, (e as Error).message);
    return outOfSpaceError(e);
  }
  console.error(`[${requestId}]`, e);
  return new AppError('internal_error', 'Internal server error, please retry');
}

export function describeZodError(e: z.ZodError): string {
  return e.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}
