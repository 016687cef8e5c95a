// The web server (`npm start`, `npm run dev` with --dev): Next.js behind a thin Node HTTP server that
// records the caller's network address. Next copies a client's own X-Forwarded-For into route
// handlers, so rate limits could be reset by spoofing it; here the address comes from the socket
// unless TRUST_PROXY=true says a reverse proxy in front sets X-Forwarded-For. The address reaches the
// handlers signed (lib/identity/client-address.ts); client-sent copies of those headers are dropped.
// With --with-worker the job worker runs in this process too (the all-in-one `start`: one Node
// process instead of two, scripts/run-services.sh); the `web` role of a scale-out runs without it.
// That worker is started by Next's instrumentation hook, from Next's module graph: this bundle has
// its own copy of every lib/ module it imports, so it imports only what must run before or around
// Next (the address, request ids, the metrics scrape, the stop), and whatever of that keeps state
// Next's copy also uses keeps it on globalThis (lib/processes/in-process-worker.ts says why).
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import next from 'next';
import { AppError } from '@/lib/errors';
import { errorResponse } from '@/lib/api/responses';
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_PROOF_HEADER,
  clientAddressOf,
  signedClientAddressHeaders,
} from '@/lib/identity/client-address';
import { config } from '@/lib/config';
import { exitOnInvalidConfig } from '@/lib/processes/exit-on-invalid-config';
import { directApiRoutes } from '@/lib/api/direct-routes';
import { hasMalformedPath, isApiPath, MALFORMED_PATH_MESSAGE, NOT_FOUND_PAGE } from '@/lib/http/malformed-path';
import { ignoreLaterWrites, stalledBodyWatch } from '@/lib/http/stalled-bodies';
import { withLogContext } from '@/lib/log/log-context';
import { log } from '@/lib/log/logger';
import { routeOutputToLog } from '@/lib/log/route-output';
import { answerMetrics, METRICS_PATH } from '@/lib/observability/metrics-endpoint';
import { acceptedRequestId, REQUEST_ID_HEADER } from '@/lib/observability/request-id';
import { countTraffic } from '@/lib/observability/traffic';
import { growHeapWhileLargeBody } from '@/lib/runtime/heap-growth';
import { startYoungGcPacer } from '@/lib/runtime/young-gc-pacer';
import { closeWebServer } from '@/lib/system/close-web-server';
import { withNodeRequest } from '@/lib/uploads/node-request';
import { askForInProcessWorker, stopInProcessWorker } from '@/lib/processes/in-process-worker';

routeOutputToLog(); // Next's own lines too: every line this process prints is a log line
exitOnInvalidConfig('web', ['DATABASE_URL']);
const dev = process.argv.includes('--dev') || process.env.NODE_ENV === 'development';
const withWorker = process.argv.includes('--with-worker');
const port = config.port;
const hostname = config.host;
const trustProxy = config.trustProxy;
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded'];
// next-auth builds its redirects and cookie flags from NEXTAUTH_URL.
process.env.NEXTAUTH_URL ??= config.publicUrl ?? `http://localhost:${port}`;

async function main() {
  // Before Next prepares: its instrumentation hook starts the worker (and probes the sandbox).
  if (withWorker) askForInProcessWorker();
  if (!dev) takeBuiltNextConfig();
  const app = next({ dev, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  // In production the API's handlers are called here, Next's router left to pages (see the module).
  const apiRoutes = dev ? undefined : directApiRoutes({ distDir: '.next', hostname, port });
  if (apiRoutes) log.info(`[web] ${apiRoutes.size} API routes answered without Next's router`);
  // Upload bodies would otherwise cost a full collection of this heap every 64 MiB (see the module).
  const youngGc = startYoungGcPacer();
  const server = createServer((req, res) => {
    // One id from here on (Next's handlers read it from the header): the caller's when sane.
    const given = req.headers[REQUEST_ID_HEADER];
    const requestId = acceptedRequestId(typeof given === 'string' ? given : undefined);
    req.headers[REQUEST_ID_HEADER] = requestId;
    withLogContext({ requestId }, () => answer(req, res, requestId));
  });
  const watchBody = stalledBodyWatch(() => config.bodyIdleSeconds * 1000, endStalledBody);
  const answer = (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    if (isMetricsScrape(req)) return void answerMetrics(req, res);
    watchBody(req, res);
    const forwarded = req.headers['x-forwarded-for'];
    const address = clientAddressOf(
      req.socket.remoteAddress,
      typeof forwarded === 'string' ? forwarded : undefined,
      trustProxy,
    );
    delete req.headers[CLIENT_ADDRESS_HEADER];
    delete req.headers[CLIENT_PROOF_HEADER];
    // Without a proxy in front, forwarded headers can only come from the client: none counts.
    if (!trustProxy) for (const h of FORWARDED_HEADERS) delete req.headers[h];
    Object.assign(req.headers, signedClientAddressHeaders(address));
    // Next's router would answer a plain-text 500 for these (lib/http/malformed-path.ts).
    if (hasMalformedPath(req.url ?? '/')) {
      return void refuseMalformedPath(req, res, handle, requestId).catch((e) => {
        log.error({ err: e }, '[web] answering a malformed path failed');
        res.destroy();
      });
    }
    // A long upload would otherwise run full collections one after another (see the modules).
    growHeapWhileLargeBody(req, res);
    youngGc.paceWhileBody(req, res);
    // Uploads read their body from `req` itself (lib/uploads/node-request.ts).
    void withNodeRequest(req, async () => {
      if (!(await apiRoutes?.serve(req, res))) await handle(req, res);
    });
  };
  countTraffic(server);
  // Large uploads stream for as long as they need; a body that stops arriving is ended after
  // BODY_IDLE_SECONDS (watchBody), and headers still have Node's own limit (headersTimeout, 60 s).
  server.requestTimeout = 0;
  // A client that half-closes after its last byte (legal HTTP/1.1; some upload tools do) still gets
  // the answer: Node's default drops the request and ends the socket on the client's FIN, which
  // loses a 413 computed just after the body ended. (An own property of http.Server, read on 'end'.)
  (server as typeof server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.listen(port, hostname, () => {
    const shown = hostname === '0.0.0.0' ? 'localhost' : hostname;
    log.info(`[web] ${dev ? 'development server' : 'ready'} on http://${shown}:${port}`);
  });
  // With --with-worker its jobs count into this process's metrics (one registry on globalThis),
  // served on this port and on METRICS_PORT's listener, which instrumentation.ts starts once for both.
  // A stop: no new connections, progress streams told to reconnect elsewhere, requests in flight
  // finished within SHUTDOWN_SECONDS (lib/system/close-web-server.ts). A second signal changes nothing.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log.info('[web] stopping: finishing requests in flight');
    // The worker's jobs finish or are handed back meanwhile (scripts/start-worker.ts).
    const web = closeWebServer(server).then((finished) => {
      if (!finished) log.error('[web] requests still in flight at the shutdown deadline were cut off');
    });
    const jobs = withWorker ? stopInProcessWorker() : undefined;
    void Promise.all([web, jobs]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * A body that sent nothing for BODY_IDLE_SECONDS while it was being read: 408, and the connection
 * closes once the answer is out. Its handler then sees the body break off and removes what it had
 * stored (a tus upload keeps its bytes: tus resumes by design); what it answers goes nowhere.
 */
function endStalledBody(req: IncomingMessage, res: ServerResponse) {
  const error = new AppError(
    'request_timeout',
    `The request body stopped arriving: nothing came for ${config.bodyIdleSeconds} s`,
  );
  const breakOff = () => req.destroy(error);
  if (res.headersSent) return breakOff();
  const answer = errorResponse(error, String(req.headers[REQUEST_ID_HEADER]));
  void answer.text().then((body) => {
    if (res.headersSent) return breakOff();
    res.writeHead(answer.status, { ...Object.fromEntries(answer.headers), connection: 'close' });
    res.end(body, breakOff);
    ignoreLaterWrites(res);
  });
}

/** GET /metrics beside the app (behind METRICS_TOKEN when set), for a scraper that reaches only this port. */
const isMetricsScrape = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && (req.url ?? '/').split('?')[0] === METRICS_PATH;

/** 400: a JSON error under /api/, else the not-found page with 400 in place of its 404. */
async function refuseMalformedPath(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  requestId: string,
) {
  if (isApiPath(req.url ?? '/')) {
    req.resume(); // the body is not read: drain it so the client gets the answer
    const answer = errorResponse(new AppError('bad_request', MALFORMED_PATH_MESSAGE), requestId);
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    return void res.end(await answer.text());
  }
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) =>
    writeHead(status === 404 ? 400 : status, ...rest)) as ServerResponse['writeHead'];
  req.url = NOT_FOUND_PAGE;
  await withNodeRequest(req, () => handle(req, res));
}

/**
 * Next takes the configuration `next build` resolved, as the server of its own standalone output
 * does (through the same variable), instead of reading next.config.ts again: a TypeScript config is
 * compiled with SWC at every start, and SWC's native module then stays mapped, 24 MB of the
 * process's PSS for its whole life (bench/RESULTS.md, Memory).
 */
function takeBuiltNextConfig() {
  const recorded = '.next/required-server-files.json';
  if (!existsSync(recorded)) return; // no build here: Next's prepare says so in its own words
  const built = JSON.parse(readFileSync(recorded, 'utf8')) as { config: unknown };
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(built.config);
}

main().catch((e) => {
  log.fatal({ err: e }, '[web] failed to start');
  process.exit(1);
});
