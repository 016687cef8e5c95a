import { createTransmute, dataOf, TransmuteError } from '@transmute/client';

// The pages' one way to the API: the typed client (@transmute/client), so a renamed path or field
// breaks the build. Its requests are same-origin, so the browser sends the session cookie itself,
// and the Origin header the CSRF check of cookie callers reads (lib/api/with-api.ts).

/** What a request that got no answer (offline, connection cut) says. */
export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Wait a moment and try again.';

/** The error of a request that got no answer: status 0, code `network_error`. */
export const networkError = () => new TransmuteError(0, { code: 'network_error', error: NETWORK_ERROR });

/**
 * The client every page uses. A 429 is shown at once with its wait, not retried behind the
 * person's back. Created when the module loads: in the browser that is this page's origin; during
 * server rendering nothing calls it.
 */
export const transmute = createTransmute({ maxRetries: 0 });

/** The typed operations: `api.POST('/api/v1/team', { body })`. */
export const api = transmute.api;

/** Any failure as the one error type the pages show: fetch's own (a TypeError) means no answer came. */
export function toTransmuteError(e: unknown): TransmuteError {
  return e instanceof TransmuteError ? e : networkError();
}

function fallbackMessage(status: number): string {
  if (status === 0) return NETWORK_ERROR;
  if (status === 429) return TOO_MANY_ATTEMPTS;
  if (status >= 500) return 'The server had a problem. Try again in a moment.';
  return `The request was refused (HTTP ${status}).`;
}

/** The words to show for a failure: the API's own (every API error has a code), else by status. */
export function errorMessage(error: TransmuteError): string {
  const message = error.code === 'unknown' ? fallbackMessage(error.status) : error.error;
  return error.status === 429 && error.retryAfter !== undefined
    ? `${message} Try again in ${error.retryAfter} s.`
    : message;
}

export type Attempt<T> = { ok: true; data: T } | { ok: false; error: TransmuteError; message: string };

/**
 * Awaits a typed call (`api.GET/POST/DELETE`): its data, or the failure with the words to show.
 * Never throws, so a form always leaves its pending state.
 */
export async function attempt<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Attempt<T>> {
  try {
    return { ok: true, data: await dataOf(call) };
  } catch (e) {
    const error = toTransmuteError(e);
    return { ok: false, error, message: errorMessage(error) };
  }
}
