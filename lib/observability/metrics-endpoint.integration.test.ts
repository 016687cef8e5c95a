import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db';
import { answerMetrics, METRICS_PATH } from '@/lib/observability/metrics-endpoint';
import { countTraffic } from '@/lib/observability/traffic';
import { waitFor } from '@/tests/support/wait-for';

// A web server as scripts/server.ts builds it: /metrics beside the app, every connection's bytes counted.
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === METRICS_PATH) return void answerMetrics(req, res);
    let length = 0;
    req.on('data', (chunk: Buffer) => (length += chunk.length));
    req.on('end', () => res.end(req.url === '/download' ? randomBytes(300_000) : String(length)));
  });
  countTraffic(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.unstubAllEnvs());

const sample = (text: string, name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? NaN);
const scrape = async (headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${METRICS_PATH}`, { headers });
  return { status: res.status, text: await res.text(), res };
};

describe('GET /metrics on a web process', () => {
  it('with METRICS_TOKEN set, answers 401 without the bearer token or with a wrong one, 200 with it', async () => {
    vi.stubEnv('METRICS_TOKEN', 'scrape-secret-0123456789');
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(none.res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(JSON.parse(none.text)).toMatchObject({ code: 'unauthorized' });
    expect(none.text).not.toContain('transmute_');
    expect((await scrape({ authorization: 'Bearer scrape-secret-012345678X' })).status).toBe(401);
    expect((await scrape({ authorization: 'Bearer scrape' })).status).toBe(401);
    const allowed = await scrape({ authorization: 'Bearer scrape-secret-0123456789' });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toMatch(/^transmute_queue_depth \d+$/m);
  });

  it('without METRICS_TOKEN, answers anyone', async () => {
    vi.stubEnv('METRICS_TOKEN', '');
    expect((await scrape()).status).toBe(200);
  });

  it('counts the bytes received (bodies included) and served (downloads included)', async () => {
    const before = await scrape();
    const body = randomBytes(500_000);
    const upload = await fetch(`${base}/upload`, { method: 'POST', body });
    expect(await upload.text()).toBe(String(body.length));
    expect((await (await fetch(`${base}/download`)).arrayBuffer()).byteLength).toBe(300_000);
    const after = await scrape();
    const received = sample(after.text, 'transmute_http_received_bytes_total');
    const served = sample(after.text, 'transmute_http_served_bytes_total');
    expect(received - sample(before.text, 'transmute_http_received_bytes_total')).toBeGreaterThanOrEqual(500_000);
    expect(received - sample(before.text, 'transmute_http_received_bytes_total')).toBeLessThan(520_000);
    expect(served - sample(before.text, 'transmute_http_served_bytes_total')).toBeGreaterThanOrEqual(300_000);
  });

  it('counts a body still arriving on an open connection at the scrape', async () => {
    const before = sample((await scrape()).text, 'transmute_http_received_bytes_total');
    const { request } = await import('node:http');
    const req = request(`${base}/slow`, { method: 'POST', headers: { 'content-length': '400000' } });
    req.on('error', () => {}); // destroyed below, before its answer
    req.write(randomBytes(200_000));
    // Counted as the bytes arrive: the half sent shows while the request is still open.
    const during = await waitFor(
      async () => sample((await scrape()).text, 'transmute_http_received_bytes_total'),
      (n) => n - before >= 200_000,
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    expect(during - before).toBeGreaterThanOrEqual(200_000);
    req.destroy();
  });

  it('reports the uploads begun and neither finished nor expired', async () => {
    const count = () => scrape().then((s) => sample(s.text, 'transmute_uploads_in_progress'));
    const before = await count();
    const token = `metrics-${randomUUID()}`;
    const upload = {
      fileName: 'a.png',
      fileSize: 10n,
      targetFormat: 'webp',
      partSize: 10,
      partCount: 1,
      storageKey: `uploads/${token}`,
      storageUploadId: '',
    };
    await db.upload.create({ data: { ...upload, token, expiresAt: new Date(Date.now() + 60_000) } });
    await db.upload.create({ data: { ...upload, token: `${token}-old`, expiresAt: new Date(Date.now() - 1000) } });
    try {
      expect(await count()).toBe(before + 1);
    } finally {
      await db.upload.deleteMany({ where: { token: { startsWith: token } } });
    }
  });
});
