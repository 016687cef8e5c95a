// Browser-side calls to /api/v1 for the account pages. The next-auth cookie authenticates them;
// errors come back as the API's own `{error, code}` words.

export type ApiFailure = { ok: false; status: number; error: string; code?: string };
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Wait a moment and try again.';
export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

function readError(body: unknown): { error?: string; code?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const error = 'error' in body && typeof body.error === 'string' ? body.error : undefined;
  const code = 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  return { error, code };
}

function fallbackMessage(status: number): string {
  if (status === 429) return TOO_MANY_ATTEMPTS;
  if (status >= 500) return 'The server had a problem. Try again in a moment.';
  return `The request was refused (HTTP ${status}).`;
}

/** Sends JSON (when a body is given) and parses the JSON answer; never throws. */
export async function apiRequest<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers:
        init.body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR, code: 'network_error' };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // an empty body, or a proxy's HTML error page
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const { error, code } = readError(body);
  let message = error ?? fallbackMessage(response.status);
  const retryAfter = response.headers.get('retry-after');
  if (response.status === 429 && retryAfter && /^\d+$/.test(retryAfter)) message += ` Try again in ${retryAfter} s.`;
  return { ok: false, status: response.status, error: message, code };
}
