import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { abortedWithResponse, sendWebResponse, toWebRequest } from './web-exchange';

// A real node:http server whose one handler is given per test: the web Request it gets and the
// Response it answers go through web-exchange as under the web server's direct API routes.
type Handle = (request: Request, req: IncomingMessage) => Promise<Response>;
let server: Server | undefined;

async function serveWith(handle: Handle): Promise<string> {
  server = createServer((req, res) => {
    const request = toWebRequest(req, `http://localhost${req.url}`, abortedWithResponse(res));
    void handle(request, req).then((response) => sendWebResponse(req, res, response));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('toWebRequest and sendWebResponse', () => {
  it('hands over method, URL, headers and a JSON body, and writes status and headers back', async () => {
    const base = await serveWith(async (request) => {
      const body = (await request.json()) as { n: number };
      return Response.json(
        { method: request.method, url: request.url, header: request.headers.get('x-thing'), n: body.n + 1 },
        { status: 201, headers: { 'x-answer': 'yes' } },
      );
    });
    const res = await fetch(`${base}/api/v1/x?q=1`, {
      method: 'POST',
      headers: { 'x-thing': 'abc', 'content-type': 'application/json' },
      body: JSON.stringify({ n: 41 }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-answer')).toBe('yes');
    expect(await res.json()).toEqual({ method: 'POST', url: 'http://localhost/api/v1/x?q=1', header: 'abc', n: 42 });
  });

  it('leaves the Node request unread until the web body is read', async () => {
    const base = await serveWith(async (request, req) => {
      const untouched = !req.readableDidRead;
      let text = '';
      for await (const chunk of req) text += String(chunk);
      return Response.json({ untouched, text, webBodyUsed: request.bodyUsed });
    });
    const res = await fetch(base, { method: 'PUT', body: 'straight from the socket' });
    expect(await res.json()).toEqual({ untouched: true, text: 'straight from the socket', webBodyUsed: false });
  });

  it('writes each Set-Cookie on its own line', async () => {
    const base = await serveWith(async () => {
      const headers = new Headers();
      headers.append('Set-Cookie', 'a=1; Path=/; HttpOnly');
      headers.append('Set-Cookie', 'b=2, with comma; Path=/');
      return new Response('ok', { headers });
    });
    const res = await fetch(base);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2, with comma; Path=/']);
  });

  it('sends no body to HEAD, with the headers GET would have', async () => {
    const base = await serveWith(async () => new Response('body', { headers: { 'content-length': '4' } }));
    const res = await fetch(base, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('4');
    expect(await res.text()).toBe('');
  });

  it('cancels the body stream and aborts the request signal when the client goes away', async () => {
    let cancelled!: (reason: unknown) => void;
    const streamCancelled = new Promise((resolve) => (cancelled = resolve));
    let signalAborted!: () => void;
    const requestAborted = new Promise<void>((resolve) => (signalAborted = resolve));
    const base = await serveWith(async (request) => {
      request.signal.addEventListener('abort', () => signalAborted());
      let n = 0;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((r) => setTimeout(r, 5));
          controller.enqueue(new TextEncoder().encode(`data: ${n++}\n\n`));
        },
        cancel: (reason) => cancelled(reason),
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    });
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(base, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
      req.end();
      setTimeout(() => reject(new Error('no first event')), 5000);
    });
    await Promise.all([streamCancelled, requestAborted]);
  });

  it('streams a large body whole, through back-pressure', async () => {
    const size = 8 * 1024 * 1024;
    const base = await serveWith(async () => {
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = new Uint8Array(Math.min(256 * 1024, size - sent)).fill(sent % 251);
          sent += chunk.length;
          controller.enqueue(chunk);
          if (sent >= size) controller.close();
        },
      });
      return new Response(stream);
    });
    const res = await fetch(base);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(size);
    expect(bytes[size - 1]).toBe((size - 256 * 1024) % 251);
  });
});
