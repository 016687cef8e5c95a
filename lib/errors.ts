// Domain code throws AppError(code, message); lib/api/with-api.ts turns it into HTTP.
// The one table from error code to status lives here.
//
// An error's kind is told by a brand, never by `instanceof`: a process can hold two copies of a
// module (the web server's bundle and Next's build each bundle lib/), and an error made by one
// copy's class is no instance of the other's. `Symbol.for` gives one symbol per process, whichever
// copy asks for it.

const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  missing_file: 400,
  unsupported_format: 400,
  unsupported_conversion: 400,
  invalid_id: 400,
  unsupported_media_type: 400,
  linked_content: 400,
  refused_destination: 400,
  unauthorized: 401,
  password_required: 401,
  wrong_password: 401,
  forbidden: 403,
  account_disabled: 403,
  plan_required: 403,
  team_full: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  invalid_state: 409,
  link_expired: 410,
  link_used_up: 410,
  invitation_gone: 410,
  request_timeout: 408,
  payload_too_large: 413,
  batch_too_large: 413,
  conversion_failed: 422,
  rate_limited: 429,
  quota_exceeded: 429,
  too_many_attempts: 429,
  internal_error: 500,
  service_unavailable: 503,
  insufficient_storage: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * The brand of one of our error classes: `mark(this)` in its constructor, `is(e)` wherever a caught
 * error's kind decides what happens (a subclass may carry its own brand besides its parent's).
 */
export function errorBrand<T extends Error>(kind: string) {
  const brand = Symbol.for(`transmute.error.${kind}`);
  return {
    mark(error: T): void {
      Object.defineProperty(error, brand, { value: true });
    },
    is(e: unknown): e is T {
      return typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[brand] === true;
    },
  };
}

const appErrorBrand = errorBrand<AppError>('AppError');

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options?: { headers?: Record<string, string>; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.headers = options?.headers;
    appErrorBrand.mark(this);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** Whether `e` is an AppError, made by any copy of this module in the process. */
export const isAppError = appErrorBrand.is;
