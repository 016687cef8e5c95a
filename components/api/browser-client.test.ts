import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTransmute } from '@transmute/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempt, NETWORK_ERROR } from './browser-client';

// The typed client over real HTTP, answering as the API and as a proxy in front of it may.
let server: Server;
let client: ReturnType<typeof createTransmute>;

beforeAll(async () => {
  server = createServer((req, res) => {
    const id = req.url?.split('/').pop();
    if (id === '204') return res.writeHead(204).end();
    if (id === '429')
      return res
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' })
        .end(JSON.stringify({ error: 'Too many requests.', code: 'rate_limited' }));
    if (id === '502') return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Conversion not found', code: 'not_found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = createTransmute({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const remove = (id: string) => attempt(client.api.DELETE('/api/v1/conversions/{id}', { params: { path: { id } } }));

describe('attempt', () => {
  it('takes an answer without a body (204) as done', async () => {
    expect(await remove('204')).toEqual({ ok: true, data: undefined });
  });

  it("shows the API's own words and keeps its status and code", async () => {
    const result = await remove('404');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.status).toBe(404);
    expect(result.error.code).toBe('not_found');
    expect(result.message).toBe('Conversion not found');
  });

  it('tells how long to wait after a 429', async () => {
    const result = await remove('429');
    expect(!result.ok && result.message).toBe('Too many requests. Try again in 7 s.');
  });

  it("words a proxy's page by its status, not its HTML", async () => {
    const result = await remove('502');
    expect(!result.ok && result.message).toBe('The server had a problem. Try again in a moment.');
  });

  it('turns no answer at all into the network error', async () => {
    const closed = createTransmute({ baseUrl: 'http://127.0.0.1:1', maxRetries: 0 });
    const result = await attempt(closed.api.GET('/api/v1/formats'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.status).toBe(0);
    expect(result.error.code).toBe('network_error');
    expect(result.message).toBe(NETWORK_ERROR);
  });
});
