// A real HTTP server in front of our route handlers, for clients that need a socket (tus-js-client,
// raw HTTP). Each request becomes a web Request, as Next makes it, with the signed client address
// scripts/server.ts adds. With `nodeBodies`, each handler also runs inside `withNodeRequest` as under
// scripts/server.ts, so uploads read the Node request itself (the web body is only a lazy fallback).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { signedClientAddressHeaders } from '@/lib/identity/client-address';
import { withNodeRequest } from '@/lib/uploads/node-request';

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** A path pattern with named groups as the route's params, and its handlers by method. */
export type Route = { pattern: RegExp; methods: Record<string, Handler> };

/** The body as a web stream that touches `req` only when read, so `nodeBodyOf` still finds it unread. */
function lazyWebBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= (Readable.toWeb(req) as ReadableStream<Uint8Array>).getReader();
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => void (reader ? reader.cancel(reason) : req.destroy()),
    },
    { highWaterMark: 0 },
  ); // pulled only when read, not at construction
}

function toRequest(req: IncomingMessage, base: string, nodeBodies: boolean): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  for (const [name, value] of Object.entries(signedClientAddressHeaders(req.socket.remoteAddress ?? '127.0.0.1'))) {
    headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const body = !hasBody
    ? undefined
    : nodeBodies
      ? lazyWebBody(req)
      : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  return new Request(new URL(req.url ?? '/', base), {
    method: req.method,
    headers,
    body,
    duplex: 'half',
  } as RequestInit);
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
      const call = () => handler(toRequest(req, base, nodeBodies), { params: Promise.resolve(params) });
      const response = await (nodeBodies ? withNodeRequest(req, call) : call());
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body)
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
      res.end();
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
