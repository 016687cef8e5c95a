// While PostgreSQL cannot be reached, requests that need it fail fast with 503 and Retry-After
// instead of waiting until it returns. This file points the process at a "database" that accepts
// connections and never answers (a hung server or a black-holed network), before anything opens one.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteClient } from '@/tests/support/route-client';

const held: Socket[] = [];
const silent = createServer((socket) => void held.push(socket));

beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  process.env.DATABASE_URL = `postgresql://transmute:transmute@127.0.0.1:${port}/transmute`;
});

afterAll(() => {
  for (const socket of held) socket.destroy();
  silent.close();
});

describe('a database that does not answer', () => {
  it('a request that needs it answers 503 with Retry-After within seconds, not when it returns', async () => {
    const status = await import('@/app/api/v1/convert/status/[id]/route');
    const started = Date.now();
    const res = await new RouteClient().call(status.GET, { path: '/api/v1/convert/status/1', params: { id: '1' } });
    const waited = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.json()).toMatchObject({ code: 'service_unavailable', error: expect.stringMatching(/database/i) });
    expect(held.length).toBeGreaterThan(0); // it did try this server
    // Bounded by the pool's connect timeout (5 s), far below the test's own.
    expect(waited).toBeLessThan(30_000);
  });
});
