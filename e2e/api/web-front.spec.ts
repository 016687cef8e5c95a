import { expect, test } from '@playwright/test';
import { makeNoisyPng } from '../../tests/support/fixtures';

// What the web server (scripts/server.ts) adds in front of Next, on the public port: GET /metrics
// (no METRICS_TOKEN in this run) with the traffic it counted, and the request id it keeps or makes.

const sample = (text: string, name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? NaN);

test('GET /metrics on the web port counts the bytes received and served', async ({ request }) => {
  const before = await (await request.get('/metrics')).text();
  const png = await makeNoisyPng(300, 300);
  const upload = await request.post('/api/v1/convert/upload', {
    multipart: { target_format: 'webp', file: { name: 'noise.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status()).toBe(201);
  const scrape = await request.get('/metrics');
  expect(scrape.status()).toBe(200);
  expect(scrape.headers()['content-type']).toContain('text/plain');
  const after = await scrape.text();
  const received = sample(after, 'transmute_http_received_bytes_total');
  expect(received - sample(before, 'transmute_http_received_bytes_total')).toBeGreaterThanOrEqual(png.length);
  expect(sample(after, 'transmute_http_served_bytes_total')).toBeGreaterThan(
    sample(before, 'transmute_http_served_bytes_total'),
  );
  expect(after).toMatch(/^transmute_uploads_in_progress \d+$/m);
});

test('a sane X-Request-Id is kept on the answer; anything else is replaced by a new id', async ({ request }) => {
  const kept = await request.get('/api/v1/health/live', { headers: { 'x-request-id': 'e2e-req-42' } });
  expect(kept.headers()['x-request-id']).toBe('e2e-req-42');
  const replaced = await request.get('/api/v1/health/live', { headers: { 'x-request-id': 'no spaces {allowed}' } });
  expect(replaced.headers()['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
});

test('a small JSON answer goes uncompressed, a large one gzip-compressed, to a client that accepts gzip', async ({
  request,
}) => {
  const small = await request.get('/api/v1/health/live', { headers: { 'accept-encoding': 'gzip' } });
  expect(small.status()).toBe(200);
  expect(small.headers()['content-encoding']).toBeUndefined();
  expect(small.headers()['cache-control']).toBe('no-transform');
  const large = await request.get('/api/v1/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
  expect(large.headers()['content-encoding']).toBe('gzip');
  expect((await large.json()).openapi).toMatch(/^3\.1/);
});

test('a method a route does not take answers 405 in the API error shape, naming the methods it takes', async ({
  request,
}) => {
  const res = await request.delete('/api/v1/formats', { headers: { 'x-request-id': 'e2e-405' } });
  expect(res.status()).toBe(405);
  expect(res.headers()['allow']).toBe('GET, HEAD, OPTIONS');
  expect(res.headers()['x-request-id']).toBe('e2e-405');
  expect(await res.json()).toEqual({
    error: 'DELETE is not allowed on /api/v1/formats; it takes GET, HEAD, OPTIONS',
    code: 'method_not_allowed',
  });
  // A route with several methods names them all; OPTIONS is still answered (by Next) with its Allow.
  const put = await request.put('/api/v1/admin/accounts/1');
  expect(put.status()).toBe(405);
  expect(put.headers()['allow']).toBe('GET, PATCH, DELETE, HEAD, OPTIONS');
  const options = await request.fetch('/api/v1/formats', { method: 'OPTIONS' });
  expect(options.status()).toBe(204);
});
