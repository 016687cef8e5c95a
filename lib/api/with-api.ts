import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@/lib/api/errors';
import type { Operation } from '@/lib/api/operation';
import { errorResponse, toAppError } from '@/lib/api/responses';
import type { Caller } from '@/lib/identity/caller';
import { guestCookieHeader } from '@/lib/identity/guest-cookie';
import { resolveCaller } from '@/lib/identity/resolve-caller';
import { enforceRateLimit } from '@/lib/limits/rate-limit';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type AnyObject = z.ZodObject<z.ZodRawShape>;

export type ApiContext<P, Q, B> = {
  request: Request;
  caller: Caller;
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  requestId: string;
};

/** What a handler may return: a Response as is, or data sent as JSON (status from `status`). */
type HandlerResult = Response | { status?: number; data: unknown };

type RouteContext = { params: Promise<Record<string, string>> };

/**
 * The one route wrapper: resolves the caller, checks same-origin for cookie callers, validates
 * params, query and body with the operation's schemas, and maps thrown errors to `{error, code}`.
 */
export function withApi<P extends AnyObject | undefined = undefined, Q extends AnyObject | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  op: Operation<P, Q, B>,
  handler: (ctx: ApiContext<P, Q, B>) => Promise<HandlerResult>,
) {
  return async (request: Request, route: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    let newGuest: string | undefined;
    let limitHeaders: Record<string, string> = {};
    try {
      const { caller, newGuestId } = await resolveCaller(request.headers, parseCookies(request.headers.get('cookie')), op.auth);
      newGuest = newGuestId;
      if (op.rateLimited !== false) limitHeaders = await enforceRateLimit(caller);
      if (caller.viaCookie && op.method !== 'get') assertSameOrigin(request);
      const params = parse(op.params, (await route?.params) ?? {}, 'path');
      const query = parse(op.query, Object.fromEntries(new URL(request.url).searchParams), 'query');
      const body = op.body ? parse(op.body, await readJson(request), 'body') : undefined;
      const result = await handler({ request, caller, params, query, body, requestId } as ApiContext<P, Q, B>);
      const response = result instanceof Response ? result : Response.json(result.data, { status: result.status ?? 200 });
      return finish(response, { requestId, newGuestId: newGuest, request, limitHeaders });
    } catch (e) {
      return finish(errorResponse(toAppError(e, requestId), requestId), { requestId, newGuestId: newGuest, request, limitHeaders });
    }
  };
}

function parse<T>(schema: z.ZodType<T> | undefined, input: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  throw new AppError(where === 'path' ? 'invalid_id' : 'validation_failed', `Invalid ${where}${field ? ` field "${field}"` : ''}: ${issue.message}`);
}

async function readJson(request: Request): Promise<unknown> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) {
    throw new AppError('unsupported_media_type', 'Expected Content-Type: application/json');
  }
  try {
    return await request.json();
  } catch {
    throw new AppError('bad_request', 'Request body is not valid JSON');
  }
}

/** Cookie-authenticated state changes must come from our own origin (CSRF). */
function assertSameOrigin(request: Request) {
  const origin = request.headers.get('origin');
  if (!origin) return; // non-browser clients (curl) send no Origin; browsers always do on POST
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = '';
  }
  if (!host || originHost !== host) throw new AppError('forbidden', 'Cross-origin request refused');
}

type FinishOptions = { requestId: string; newGuestId?: string; request: Request; limitHeaders: Record<string, string> };

function finish(response: Response, { requestId, newGuestId, request, limitHeaders }: FinishOptions): Response {
  const headers = new Headers(response.headers);
  headers.set('X-Request-Id', requestId);
  for (const [name, value] of Object.entries(limitHeaders)) if (!headers.has(name)) headers.set(name, value);
  if (newGuestId) headers.append('Set-Cookie', guestCookieHeader(newGuestId, new URL(request.url).protocol === 'https:'));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function parseCookies(header: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of header?.split(';') ?? []) {
    const i = part.indexOf('=');
    if (i > 0) map.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()));
  }
  return map;
}
