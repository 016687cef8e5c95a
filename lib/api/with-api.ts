import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { bodyIsOptional, type JsonResponses, type Operation } from '@/lib/schemas/operation';
import { isResponseContractError, jsonResponse, rethrowContractErrors } from '@/lib/api/response-body';
import { errorResponse, toAppError } from '@/lib/api/responses';
import { takeRequestPlace } from '@/lib/api/request-place';
import { config } from '@/lib/config';
import { type OriginSettings, publicOrigin } from '@/lib/http/public-origin';
import { type RequestOriginSettings, requestOrigin } from '@/lib/http/request-origin';
import { type AccountCaller, type Caller, hasAccount, limitSubject } from '@/lib/identity/caller';
import { parseCookies } from '@/lib/identity/cookies';
import { guestCookieHeader } from '@/lib/identity/guest-cookie';
import { type AuthMode, resolveCaller } from '@/lib/identity/resolve-caller';
import { enforceRateLimit } from '@/lib/limits/rate-limit';
import { withLogContext } from '@/lib/log/log-context';
import { log } from '@/lib/log/logger';
import { metrics } from '@/lib/observability/metrics';
import { requestIdOf } from '@/lib/observability/request-id';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type AnyObject = z.ZodObject<z.ZodRawShape>;

/** `bearer` and `admin` operations always have an account, so their handlers get it typed and never re-check. */
type CallerFor<A extends AuthMode> = A extends 'bearer' | 'admin' ? AccountCaller : Caller;

export type ApiContext<P, Q, B, A extends AuthMode = AuthMode> = {
  request: Request;
  caller: CallerFor<A>;
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  requestId: string;
  /**
   * Gives back this request's place among its subject's concurrent requests (they are capped to
   * protect the database pool), for a handler that then waits long without the database.
   */
  leaveGate: () => void;
};

/**
 * What a handler may return: a Response as is (files, streams, redirects), or JSON `data` with a
 * status (200 if left out) that the operation declares in `responses`; the body is checked at run
 * time (lib/api/response-body.ts) and serializers are typed from the schemas with `satisfies`.
 * (Typing `data` here from `R` is not possible: TypeScript widens the literals of a generic call's
 * callback before it knows `R`.)
 */
type HandlerResult = Response | { status?: number; data: unknown; headers?: Record<string, string> };

type RouteContext = { params: Promise<Record<string, string>> };

/**
 * The one route wrapper: resolves the caller, checks same-origin for cookie callers, validates
 * params, query and body with the operation's schemas, checks the JSON it answers against the
 * operation's response schemas (lib/api/response-body.ts) and maps thrown errors to `{error, code}`.
 */
export function withApi<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends JsonResponses = JsonResponses,
  A extends AuthMode = AuthMode,
>(op: Operation<P, Q, B, R, A>, handler: (ctx: ApiContext<P, Q, B, A>) => Promise<HandlerResult>) {
  // The request id (the caller's X-Request-Id when sane) is on every log line of the request and
  // travels with the jobs it queues.
  return (request: Request, route: RouteContext): Promise<Response> => {
    const requestId = requestIdOf(request.headers);
    return withLogContext({ requestId }, () => answer(request, route, requestId));
  };

  async function answer(request: Request, route: RouteContext, requestId: string): Promise<Response> {
    const started = performance.now();
    let newGuest: string | undefined;
    let limitHeaders: Record<string, string> = {};
    let leaveGate = () => {};
    try {
      const cookies = parseCookies(request.headers.get('cookie'));
      const { caller, newGuestId } = await resolveCaller(request.headers, cookies, op.auth);
      newGuest = newGuestId;
      // resolveCaller gives `bearer` and `admin` operations an account or throws; this is the type's guarantee.
      if ((op.auth === 'bearer' || op.auth === 'admin') && !hasAccount(caller))
        throw new AppError('unauthorized', 'Sign in first');
      // Operations outside the rate limit (health) stay outside the gate too: monitors must get in.
      if (op.rateLimited !== false) {
        leaveGate = await takeRequestPlace(limitSubject(caller), request);
        limitHeaders = await enforceRateLimit(caller);
      }
      if (caller.viaCookie && op.method !== 'get') assertSameOrigin(request);
      const params = parse(op.params, (await route?.params) ?? {}, 'path');
      const query = parse(op.query, Object.fromEntries(new URL(request.url).searchParams), 'query');
      const body = op.body ? parse(op.body, await readJson(request, bodyIsOptional(op.body)), 'body') : undefined;
      const ctx = { request, caller, params, query, body, requestId, leaveGate: () => leaveGate() };
      const result = await handler(ctx as ApiContext<P, Q, B, A>);
      const response =
        result instanceof Response
          ? result
          : jsonResponse(op, result.status ?? 200, result.data, { headers: result.headers });
      observe(op.operationId, response.status, started, requestId);
      return finish(response, { requestId, newGuestId: newGuest, request, limitHeaders });
    } catch (e) {
      if (isResponseContractError(e) && rethrowContractErrors()) throw e;
      const response = errorResponse(toAppError(e, requestId), requestId);
      observe(op.operationId, response.status, started, requestId);
      return finish(response, { requestId, newGuestId: newGuest, request, limitHeaders });
    } finally {
      // A streamed body (a download) goes on after this, but needs no database connection.
      leaveGate();
    }
  }
}

/** One request answered: its metrics, and a debug line carrying its request id. */
function observe(operation: string, status: number, started: number, requestId: string) {
  const seconds = (performance.now() - started) / 1000;
  const labels = { operation, status: String(status) };
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, seconds);
  log.debug({ requestId, operation, status, ms: Math.round(seconds * 1000) }, 'request');
}

function parse<T>(schema: z.ZodType<T> | undefined, input: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  const code = where === 'path' ? 'invalid_id' : 'validation_failed';
  throw new AppError(code, `Invalid ${where}${field ? ` field "${field}"` : ''}: ${issue.message}`);
}

/** The API's JSON bodies are small (ids, settings, a URL): a larger one is refused, not read whole. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const jsonTooLarge = () =>
  new AppError('payload_too_large', `The JSON body is larger than ${JSON_BODY_LIMIT_BYTES / 1024 / 1024} MiB`);

/** The JSON body; `undefined` for an optional one left out (no JSON Content-Type, or nothing sent). */
async function readJson(request: Request, optional: boolean): Promise<unknown> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) {
    if (optional) return undefined;
    throw new AppError('unsupported_media_type', 'Expected Content-Type: application/json');
  }
  const text = await readCappedText(request);
  if (optional && text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'Request body is not valid JSON');
  }
}

/** The body as text, refused once it passes JSON_BODY_LIMIT_BYTES (declared or sent). */
async function readCappedText(request: Request): Promise<string> {
  if (Number(request.headers.get('content-length')) > JSON_BODY_LIMIT_BYTES) throw jsonTooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > JSON_BODY_LIMIT_BYTES) {
      await reader.cancel(); // the rest of the body is never read
      throw jsonTooLarge();
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Cookie-authenticated state changes must come from our own origin (CSRF): the Origin a browser
 * sends must be the service's public origin (PUBLIC_URL) or, while that is unset, the origin the
 * request was addressed to (lib/http/request-origin.ts, which follows forwarded headers only with
 * TRUST_PROXY); without an Origin, Sec-Fetch-Site must not name another site.
 */
export function assertSameOrigin(
  request: Request,
  settings: OriginSettings & RequestOriginSettings = {
    publicUrl: config.publicUrl,
    port: config.port,
    trustProxy: config.trustProxy,
  },
) {
  const origin = request.headers.get('origin');
  if (!origin) {
    // Non-browser clients (curl) send neither header; a browser that omits Origin still says
    // where the request came from in Sec-Fetch-Site, and only our own pages or the user
    // (typed URL, bookmark) may change state with the cookie.
    const site = request.headers.get('sec-fetch-site');
    if (site !== null && site !== 'same-origin' && site !== 'none') {
      throw new AppError('forbidden', 'Cross-site request refused');
    }
    return;
  }
  const ours = settings.publicUrl ? publicOrigin(settings) : requestOrigin(request, settings);
  if (origin !== ours) throw new AppError('forbidden', 'Cross-origin request refused');
}

type FinishOptions = { requestId: string; newGuestId?: string; request: Request; limitHeaders: Record<string, string> };

function finish(response: Response, { requestId, newGuestId, request, limitHeaders }: FinishOptions): Response {
  const headers = new Headers(response.headers);
  headers.set('X-Request-Id', requestId);
  for (const [name, value] of Object.entries(limitHeaders)) if (!headers.has(name)) headers.set(name, value);
  if (newGuestId) {
    headers.append('Set-Cookie', guestCookieHeader(newGuestId, new URL(request.url).protocol === 'https:'));
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
