import { EventEmitter } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { growHeapWhileLargeBody, LARGE_BODY_BYTES, largeBodiesArriving } from './heap-growth';

/** What growHeapWhileLargeBody reads of a request (its headers) and of its answer (its one 'close'). */
function request(length?: number) {
  const req = { headers: length === undefined ? {} : { 'content-length': String(length) } } as IncomingMessage;
  const res = new EventEmitter() as ServerResponse;
  growHeapWhileLargeBody(req, res);
  return { close: () => res.emit('close') };
}

describe('growHeapWhileLargeBody', () => {
  it('holds the growth while any large body is open and lets go after the last one', () => {
    const [a, b] = [request(LARGE_BODY_BYTES), request(1024 ** 3)];
    expect(largeBodiesArriving()).toBe(2);
    a.close();
    expect(largeBodiesArriving()).toBe(1);
    b.close();
    b.close(); // counted once per request
    expect(largeBodiesArriving()).toBe(0);
  });

  it('leaves small, bodiless and unsized requests alone', () => {
    for (const length of [LARGE_BODY_BYTES - 1, undefined, Number.NaN]) {
      const r = request(length);
      expect(largeBodiesArriving()).toBe(0);
      r.close();
      expect(largeBodiesArriving()).toBe(0);
    }
  });

  it('lets go of a large body answered before it was read (a 413, a 401), as a real server sees it', async () => {
    const server = http.createServer((req, res) => {
      growHeapWhileLargeBody(req, res);
      res.writeHead(413).end(); // the body is never read
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'PUT', body: new Uint8Array(LARGE_BODY_BYTES) });
      expect(res.status).toBe(413);
      await res.arrayBuffer();
      for (let i = 0; i < 50 && largeBodiesArriving() > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(largeBodiesArriving()).toBe(0);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
