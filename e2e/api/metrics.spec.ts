import { expect, test } from '@playwright/test';
import { METRICS_PORT } from '../../playwright.config';

// The running service (scripts/run-services.sh: one web process that runs the worker too) serves
// its metrics and liveness on a private port, from Next's instrumentation hook.
const web = `http://127.0.0.1:${METRICS_PORT}`;

test('the web process counts API requests by operation and status on METRICS_PORT', async ({ request }) => {
  const live = await request.get('/api/v1/health/live');
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: 'ok' });

  const scrape = await request.get(`${web}/metrics`);
  expect(scrape.status()).toBe(200);
  const text = await scrape.text();
  expect(text).toMatch(/^transmute_http_requests_total\{operation="getLiveness",status="200"\} [1-9]\d*$/m);
  expect(text).toMatch(/^transmute_http_request_duration_seconds_count\{operation="getLiveness",status="200"\} /m);
  expect(text).toMatch(/^transmute_process_resident_memory_bytes /m);
  expect((await request.get(`${web}/health/live`)).status()).toBe(200);
});

test("the worker's figures are the same process's, on the same port", async ({ request }) => {
  const scrape = await request.get(`${web}/metrics`);
  expect(scrape.status()).toBe(200);
  expect(await scrape.text()).toMatch(/^transmute_queue_depth \d+$/m);
});
