import { afterEach, describe, expect, it } from 'vitest';
import * as inngestRoute from '@/app/api/inngest/route';
import { config } from '@/lib/config';
import { RouteClient } from '@/tests/support/route-client';

const configured = config.inngestEnabled;
afterEach(() => {
  config.inngestEnabled = configured;
});

describe('/api/inngest', () => {
  it('answers a JSON 404 to every method when Inngest is not configured', async () => {
    config.inngestEnabled = false;
    const client = new RouteClient();
    for (const method of ['GET', 'POST', 'PUT'] as const) {
      const sent = method === 'GET' ? undefined : '{}';
      const res = await client.call(inngestRoute[method], { method, path: '/api/inngest', body: sent });
      expect(res.status, method).toBe(404);
      expect(res.headers.get('x-inngest-sdk-handled'), method).toBeNull();
      const answer = await res.json();
      expect(answer, method).toEqual({ error: 'Inngest is not configured on this server', code: 'not_found' });
    }
  });

  it('is served by Inngest when configured', async () => {
    config.inngestEnabled = true;
    const res = await new RouteClient().call(inngestRoute.GET, { path: '/api/inngest' });
    // (Without a signing key the SDK itself refuses; what matters is that it handled the request.)
    expect(res.headers.get('x-inngest-sdk-handled')).toBe('true');
  });
});
