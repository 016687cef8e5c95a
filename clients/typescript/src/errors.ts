/** An error answer of the API, `{"error": "...", "code": "..."}` with its HTTP status. */
export class TransmuteError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;
  /** Seconds the server asked to wait (`Retry-After`), on 429 and 503. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: { error?: string; code?: string }, retryAfter?: number) {
    const error = body.error ?? `HTTP ${status}`;
    super(`${error} (${status} ${body.code ?? 'unknown'})`);
    this.name = 'TransmuteError';
    this.status = status;
    this.code = body.code ?? 'unknown';
    this.error = error;
    this.retryAfter = retryAfter;
  }
}

/** Seconds from a `Retry-After` header (delta-seconds or an HTTP date), if it has one. */
export function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The TransmuteError of a non-2xx response (its body is read). */
export async function errorOf(res: Response): Promise<TransmuteError> {
  const text = await res.text().catch(() => '');
  let body: { error?: string; code?: string } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as typeof body;
  } catch {
    body = { error: text.slice(0, 200) || res.statusText || undefined };
  }
  return new TransmuteError(res.status, body, retryAfterSeconds(res.headers.get('retry-after')));
}

/** Throws the response's TransmuteError unless it is 2xx. */
export async function ensureOk(res: Response): Promise<Response> {
  if (!res.ok) throw await errorOf(res);
  return res;
}

/**
 * The data of a typed call (`api.GET(...)`, `api.POST(...)`), or its TransmuteError. An answer
 * without a body (204) gives undefined.
 */
export async function dataOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  // openapi-fetch has read the body already: its parsed error is the `{error, code}` answer.
  const parsed = error && typeof error === 'object' ? (error as { error?: string; code?: string }) : {};
  throw new TransmuteError(response.status, parsed, retryAfterSeconds(response.headers.get('retry-after')));
}
