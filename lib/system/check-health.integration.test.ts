import { afterEach, describe, expect, it, vi } from 'vitest';

// Health's report of the job engine, read in a fresh module graph per environment (the
// configuration is read when it loads).
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function healthWith(env: Record<string, string>) {
  for (const name of ['INNGEST_EVENT_KEY', 'INNGEST_SIGNING_KEY', 'INNGEST_BASE_URL', 'INNGEST_DEV']) {
    vi.stubEnv(name, env[name] ?? '');
  }
  vi.resetModules();
  const { GET } = await import('@/app/api/v1/health/route');
  const res = await GET(new Request('http://localhost/api/v1/health'), { params: Promise.resolve({}) });
  return { status: res.status, text: await res.clone().text(), body: (await res.json()) as Record<string, unknown> };
}

describe('GET /api/v1/health reports how jobs run', () => {
  it('the embedded queue when Inngest is not configured', async () => {
    const { body } = await healthWith({});
    expect(body.jobs).toEqual({ engine: 'embedded' });
  });

  it("a self-hosted Inngest: its server's origin and which keys are set, never a key or credentials", async () => {
    const eventKey = 'evt-key-0123456789abcdef';
    const signingKey = 'signkey-prod-0123456789abcdef';
    const { body, text } = await healthWith({
      INNGEST_EVENT_KEY: eventKey,
      INNGEST_SIGNING_KEY: signingKey,
      INNGEST_BASE_URL: 'http://ops:hunter2@inngest.internal:8288/some/path',
    });
    expect(body.jobs).toEqual({
      engine: 'inngest',
      inngest: {
        app_id: 'transmute',
        mode: 'self-hosted',
        base_url: 'http://inngest.internal:8288',
        event_key_set: true,
        signing_key_set: true,
      },
    });
    for (const secret of [eventKey, signingKey, 'hunter2', 'signkey']) expect(text).not.toContain(secret);
    expect(body.warnings).not.toContainEqual(expect.stringContaining('INNGEST'));
  });

  it('Inngest Cloud without a signing key: reported, with a warning naming the missing key', async () => {
    const { body } = await healthWith({ INNGEST_EVENT_KEY: 'evt-key-0123456789abcdef' });
    expect(body.jobs).toMatchObject({
      engine: 'inngest',
      inngest: { mode: 'cloud', base_url: null, event_key_set: true, signing_key_set: false },
    });
    expect(body.warnings).toContainEqual(expect.stringContaining('INNGEST_SIGNING_KEY'));
  });

  it('the dev server', async () => {
    const { body } = await healthWith({ INNGEST_DEV: '1', INNGEST_BASE_URL: 'http://127.0.0.1:8288' });
    expect(body.jobs).toMatchObject({ engine: 'inngest', inngest: { mode: 'dev', base_url: 'http://127.0.0.1:8288' } });
  });
});
