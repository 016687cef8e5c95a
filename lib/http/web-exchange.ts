import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

// A Node request as the web `Request` a route handler takes, and the handler's `Response` written
// to the Node response: the web server's direct API routes (lib/api/direct-routes.ts) and the
// test server in front of route handlers (tests/support/route-server.ts) both go through here.

/**
 * The body as a web stream that touches `req` only when read: an upload reads the Node request
 * itself (lib/uploads/node-request.ts), and must find it unread.
 */
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
    { highWaterMark: 0 }, // pulled only when read, not at construction
  );
}

/** `req` (its headers as sent, with any the server added) as a web Request for `url`. */
export function toWebRequest(req: IncomingMessage, url: string | URL, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? lazyWebBody(req) : undefined,
    duplex: 'half',
    signal,
  } as RequestInit);
}

/** Aborted when `res` closes before its answer was all written (the client went away). */
export function abortedWithResponse(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Writes `response` to `res`: status, headers (each Set-Cookie its own line), and the body with
 * back-pressure, none for HEAD. A client that goes away cancels the body stream, so a producer
 * such as a progress stream stops. `flush` (the compression middleware's) is called after each
 * chunk, so a stream is not held back in a compressor's buffer.
 */
export async function sendWebResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'transfer-encoding' || name === 'content-encoding') continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  const body = response.body;
  if (!body || req.method === 'HEAD') {
    await body?.cancel();
    res.end();
    return;
  }
  const reader = body.getReader();
  let gone = false;
  res.once('close', () => {
    if (res.writableFinished) return;
    gone = true;
    void reader.cancel().catch(() => {}); // a pending read then ends
  });
  const flush = (res as ServerResponse & { flush?: () => void }).flush?.bind(res);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gone) break;
      if (!res.write(value)) await drainedOrClosed(res);
      flush?.();
    }
    if (!gone) res.end();
  } catch (e) {
    await reader.cancel(e).catch(() => {});
    res.destroy(e instanceof Error ? e : undefined);
  }
}

/** Resolves on the response's next `drain` or its `close`, leaving no listener behind. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      res.off('drain', settle);
      res.off('close', settle);
      resolve();
    };
    res.on('drain', settle);
    res.on('close', settle);
  });
}
