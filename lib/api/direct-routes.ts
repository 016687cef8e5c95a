import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { errorResponse, toAppError } from '@/lib/api/responses';
import { AppError } from '@/lib/errors';
import { abortedWithResponse, sendWebResponse, toWebRequest } from '@/lib/http/web-exchange';
import { matchRoute, type RouteParams, routeTable } from '@/lib/http/route-table';
import { log } from '@/lib/log/logger';
import { REQUEST_ID_HEADER } from '@/lib/observability/request-id';

// The API's route handlers called by the web server itself, without Next's router: through Next's
// routing and its request and response adapters a status read cost the web process 1.8–1.9 ms of
// CPU, called here 0.4 ms (bench/RESULTS.md, "Status reads"). The handlers are the very modules
// Next loaded from the build (.next/server/app/api/v1/…/route.js, through Node's module cache), so
// the process keeps one copy of lib/ for the API, its pages and its worker. What the server does
// here is what Next does for an app route in production: the request URL from the bound address,
// params from the path, the answer written with each Set-Cookie on its own line and its body
// streamed (none for HEAD, which a route without its own answers with its GET), compression by
// the same middleware. A method the route does not declare is refused here with 405
// `method_not_allowed` in the API's error shape, naming the ones it takes in `Allow` (Next's own 405
// has an empty body), except OPTIONS, which Next answers for the route. A path the table does not
// place goes to Next, as does everything in development, where Next compiles routes on demand.

type Handler = (request: Request, ctx: { params: Promise<RouteParams> }) => Promise<Response>;
type Handlers = Partial<Record<string, Handler>>;
type RouteEntry = { routeModule?: { userland?: Handlers; ensureUserland?: () => Promise<void> } };
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const API_PREFIX = '/api/v1/';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export type DirectApiRoutes = {
  /** How many API routes are served here (0: none, every request goes to Next). */
  size: number;
  /** Answers the request and resolves true, or resolves false (having written nothing) for Next to answer it. */
  serve: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
};

/**
 * The API routes of the build in `distDir` (Next's `.next`), for a server bound to
 * `hostname`:`port` (Next builds each request's URL from them).
 */
export function directApiRoutes(o: { distDir: string; hostname: string; port: number }): DirectApiRoutes {
  const serverDir = path.resolve(o.distDir, 'server');
  const manifest = JSON.parse(readFileSync(path.join(serverDir, 'app-paths-manifest.json'), 'utf8')) as Record<
    string,
    string
  >;
  const routes = routeTable(manifest, API_PREFIX);
  const load = createRequire(path.join(serverDir, 'noop.js'));
  const handlers = new Map<string, Promise<Handlers | null>>();
  const compress = load('next/dist/compiled/compression') as () => Middleware;
  const { releaseCompressionStream } = load('next/dist/server/lib/release-compression-stream') as {
    releaseCompressionStream: (res: ServerResponse) => void;
  };
  const compression = compress();
  const hostname = o.hostname || 'localhost';
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;

  /** The route file's handlers, loaded once: null when it has none the server can call. */
  function handlersOf(file: string): Promise<Handlers | null> {
    let known = handlers.get(file);
    if (!known) {
      known = loadHandlers(file);
      handlers.set(file, known);
    }
    return known;
  }

  async function loadHandlers(file: string): Promise<Handlers | null> {
    try {
      const { routeModule } = load(path.join(serverDir, file)) as RouteEntry;
      // Next's route module loads the route's own code on first use.
      await routeModule?.ensureUserland?.();
      const userland = routeModule?.userland;
      if (userland && METHODS.some((m) => typeof userland[m] === 'function')) return userland;
      log.warn({ file }, '[web] an API route module has no handlers the server can call; Next answers it');
    } catch (e) {
      log.warn({ err: e, file }, '[web] an API route module could not be loaded here; Next answers it');
    }
    return null;
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const target = req.url ?? '/';
    if (!target.startsWith(API_PREFIX)) return false;
    const query = target.indexOf('?');
    const match = matchRoute(routes, query === -1 ? target : target.slice(0, query));
    if (!match) return false;
    const handlers = await handlersOf(match.file);
    // HEAD of a route that declares none is its GET without the body, as Next answers it.
    const handler = handlers?.[req.method ?? 'GET'] ?? (req.method === 'HEAD' ? handlers?.GET : undefined);
    if (!handler) {
      if (!handlers || req.method === 'OPTIONS') return false;
      await sendWebResponse(req, res, methodNotAllowed(handlers, req));
      return true;
    }
    compression(req, res, () => {});
    // The compression middleware never ends its zlib stream when the client goes away.
    res.once('close', () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
    await answer(handler, match.params, req, res);
    return true;
  }

  async function answer(handler: Handler, params: RouteParams, req: IncomingMessage, res: ServerResponse) {
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const protocol = encrypted || String(req.headers['x-forwarded-proto'] ?? '').includes('https') ? 'https' : 'http';
    try {
      const request = toWebRequest(req, `${protocol}://${host}:${o.port}${req.url}`, abortedWithResponse(res));
      await sendWebResponse(req, res, await handler(request, { params: Promise.resolve(params) }));
    } catch (e) {
      // withApi answers every error of an operation; this is a handler outside it failing.
      log.error({ err: e, path: req.url }, '[web] an API route failed');
      if (res.headersSent) return void res.destroy();
      const requestId = serverRequestId(req);
      await sendWebResponse(req, res, errorResponse(toAppError(e, requestId), requestId));
    }
  }

  return { size: routes.length, serve };
}

/** The 405 of a method the route does not declare, with the methods it takes (HEAD with GET, OPTIONS from Next). */
function methodNotAllowed(handlers: Handlers, req: IncomingMessage): Response {
  const allowed = METHODS.filter((m) => handlers[m] || (m === 'HEAD' && handlers.GET) || m === 'OPTIONS').join(', ');
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const requestId = serverRequestId(req);
  const message = `${req.method} is not allowed on ${pathname}; it takes ${allowed}`;
  return errorResponse(new AppError('method_not_allowed', message, { headers: { Allow: allowed } }), requestId);
}

/** The request's id, as the web server set it on the request before any route saw it. */
const serverRequestId = (req: IncomingMessage): string => String(req.headers[REQUEST_ID_HEADER] ?? '');
