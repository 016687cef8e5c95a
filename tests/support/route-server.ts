// A real HTTP server in front of our route handlers, for clients that need a socket (tus-js-client,
// raw HTTP). Each request becomes a web Request, as Next makes it, with the signed client address
// scripts/server.ts adds, and the answer written back, both as the web server's direct API routes do
// (lib/http/web-exchange.ts). With `nodeBodies`, each handler also runs inside `withNodeRequest` as
// under scripts/server.ts, so uploads read the Node request itself (the web body is only a lazy fallback).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signedClientAddressHeaders } from '@/lib/identity/client-address';
import { sendWebResponse, toWebRequest } from '@/lib/http/web-exchange';
import { withNodeRequest } from '@/lib/uploads/node-request';

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** A path pattern with named groups as the route's params, and its handlers by method. */
export type Route = { pattern: RegExp; methods: Record<string, Handler> };

function toRequest(req: IncomingMessage, base: string): Request {
  for (const [name, value] of Object.entries(signedClientAddressHeaders(req.socket.remoteAddress ?? '127.0.0.1'))) {
    req.headers[name] = value;
  }
  return toWebRequest(req, new URL(req.url ?? '/', base));
}

export async function startRouteServer(
  routes: Route[],
  { nodeBodies = false }: { nodeBodies?: boolean } = {},
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  let base = '';
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const route = routes.find((r) => r.pattern.test(path));
    const handler = route?.methods[req.method ?? 'GET'];
    if (!route || !handler) return void res.writeHead(404).end();
    const params = { ...(route.pattern.exec(path)?.groups ?? {}) };
    try {
      const call = () => handler(toRequest(req, base), { params: Promise.resolve(params) });
      const response = await (nodeBodies ? withNodeRequest(req, call) : call());
      await sendWebResponse(req, res, response);
    } catch (e) {
      console.error(e);
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
