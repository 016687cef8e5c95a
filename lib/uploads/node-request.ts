import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';

// The Node request behind the web `Request` a route handler gets, so an upload can read its body
// straight from the socket stream. Through the `Request` every chunk is copied by undici's body
// stream and passes web-stream machinery and a web→Node bridge: for a 3 MB upload that was most of
// the web process's allocation and garbage collection (bench/png-to-webp.ts). The web server
// (scripts/server.ts) runs each request inside `withNodeRequest`; one store per process, shared
// through globalThis because the server and the Next build each bundle their own copy of this file.

const KEY = Symbol.for('transmute.nodeRequest');
const g = globalThis as { [KEY]?: AsyncLocalStorage<IncomingMessage> };
const store = (g[KEY] ??= new AsyncLocalStorage<IncomingMessage>());

export function withNodeRequest<T>(req: IncomingMessage, fn: () => T): T {
  return store.run(req, fn);
}

/**
 * The unread Node body stream of `request`, or null (no server wrapper, as in tests that call route
 * handlers in process; or someone already started reading it, so only the web stream has it all).
 */
export function nodeBodyOf(request: Request): IncomingMessage | null {
  const req = nodeRequestOf(request);
  if (!req || request.bodyUsed) return null;
  if (req.readableDidRead || req.readableEnded || req.destroyed) return null;
  return req;
}

/** The Node request behind `request`, read or not (null without the server wrapper). */
export function nodeRequestOf(request: Request): IncomingMessage | null {
  const req = store.getStore();
  return req && req.method === request.method ? req : null;
}
