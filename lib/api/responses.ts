import { AppError, isAppError } from '@/lib/errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/lib/database/unavailable';
import { isOutOfSpace, outOfSpaceError } from '@/lib/storage/out-of-space';
import { z } from 'zod';
import { log } from '@/lib/log/logger';

/** JSON bodies shorter than this are sent uncompressed (the compression middleware's own default threshold). */
const COMPRESS_FROM_CHARS = 1024;

/**
 * Every JSON answer of the API. A small one asks not to be compressed (`Cache-Control: no-transform`):
 * on a few hundred bytes gzip costs more than it saves (its deflate state and a trip through the
 * thread pool, about half a millisecond per answer here: bench/RESULTS.md), and Next streams a
 * route's response, which hides its length from the threshold that would otherwise skip it.
 */
export function jsonAnswer(data: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(data);
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  if (text.length < COMPRESS_FROM_CHARS && !headers.has('Cache-Control')) headers.set('Cache-Control', 'no-transform');
  return new Response(text, { ...init, headers });
}

/** The error body every endpoint uses: `{ error, code }`. */
export function errorResponse(error: AppError, requestId: string): Response {
  return jsonAnswer(
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
    log.error({ requestId, error: e instanceof Error ? e.message : String(e) }, 'database busy or unreachable');
    return new AppError('service_unavailable', 'The database is busy or unreachable, please retry', {
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    });
  }
  if (isOutOfSpace(e)) {
    log.error({ requestId, error: (e as Error).message }, 'out of storage space');
    return outOfSpaceError(e);
  }
  log.error({ requestId, err: e }, 'unexpected error: answered 500');
  return new AppError('internal_error', 'Internal server error, please retry');
}

function describeZodError(e: z.ZodError): string {
  return e.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}
