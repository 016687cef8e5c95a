import { retryAfterSeconds } from './errors.js';

type FetchLike = (request: Request) => Promise<Response>;

export type HttpOptions = {
  /** Sent as `X-API-Key`; without it the server gives an anonymous (guest) identity. */
  apiKey?: string;
  /** Retries of a 429 answer, each after its `Retry-After` (default 3). */
  maxRetries?: number;
  /** A longer `Retry-After` than this is not waited for: the 429 is returned (default 60 s). */
  maxRetryDelayMs?: number;
  fetch?: (input: Request) => Promise<Response>;
};

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

// Browsers keep the guest cookie themselves (and forbid setting Cookie); Node's fetch keeps none,
// so without an API key the identity the server hands out would be lost between two calls.
const keepsCookies = typeof document !== 'undefined';

/** A fetch that authenticates, keeps the guest cookie outside browsers and retries 429s. */
export function createHttp(options: HttpOptions) {
  const base = options.fetch ?? ((request: Request) => fetch(request));
  const jar = new Map<string, string>();
  const maxRetries = options.maxRetries ?? 3;
  const maxDelay = options.maxRetryDelayMs ?? 60_000;

  /** Headers every request carries (also given to tus-js-client). */
  const headers = (): Record<string, string> => {
    const h: Record<string, string> = {};
    if (options.apiKey) h['X-API-Key'] = options.apiKey;
    if (!keepsCookies && jar.size) h.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return h;
  };

  /** Remembers the cookies a response sets (one `Set-Cookie` value each). */
  const remember = (setCookies: string[]) => {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };

  const send: FetchLike = async (request) => {
    for (let attempt = 0; ; attempt++) {
      const req = request.clone();
      for (const [name, value] of Object.entries(headers())) if (!req.headers.has(name)) req.headers.set(name, value);
      const res = await base(req);
      if (!keepsCookies) remember(res.headers.getSetCookie?.() ?? []);
      if (res.status !== 429 || attempt >= maxRetries) return res;
      const delay = (retryAfterSeconds(res.headers.get('retry-after')) ?? 2 ** attempt) * 1000;
      if (delay > maxDelay) return res;
      await res.body?.cancel();
      await sleep(delay, request.signal);
    }
  };

  return { send, headers, remember };
}

export type Http = ReturnType<typeof createHttp>;
