import { afterEach, describe, expect, it } from 'vitest';
import * as inngestRoute from '@/app/api/inngest/route';
import { overrideEnv } from '@/tests/support/env';
import { RouteClient } from '@/tests/support/route-client';

let restore = () => {};
afterEach(() => restore());

describe('/api/inngest', () => {
  it('answers a JSON 404 to every method when Inngest is not configured', async () => {
    restore = overrideEnv({ INNGEST_EVENT_KEY: undefined, INNGEST_DEV: undefined });
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
    restore = overrideEnv({ INNGEST_EVENT_KEY: 'test-event-key' });
    const res = await new RouteClient().call(inngestRoute.GET, { path: '/api/inngest' });
    // (Without a signing key the SDK itself refuses; what matters is that it handled the request.)
    expect(res.headers.get('x-inngest-sdk-handled')).toBe('true');
  });
});
