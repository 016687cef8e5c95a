import { describe, expect, it } from 'vitest';
import { assertSameOrigin } from '@/lib/api/with-api';

const post = (headers: Record<string, string>) =>
  new Request('http://0.0.0.0:3000/api/v1/api-keys', { method: 'POST', headers });

const direct = { port: 3000, trustProxy: false };

describe('assertSameOrigin (cookie callers changing state)', () => {
  it('accepts our own origin and clients that send none', () => {
    expect(() =>
      assertSameOrigin(post({ host: 'files.example.com', origin: 'http://files.example.com' }), direct),
    ).not.toThrow();
    expect(() => assertSameOrigin(post({ host: 'files.example.com' }), direct)).not.toThrow();
  });

  it('refuses a request without Origin that the browser marks as coming from another site', () => {
    for (const site of ['cross-site', 'same-site']) {
      expect(() => assertSameOrigin(post({ host: 'files.example.com', 'sec-fetch-site': site }), direct)).toThrow(
        /Cross-site/,
      );
    }
    for (const site of ['same-origin', 'none']) {
      expect(() => assertSameOrigin(post({ host: 'files.example.com', 'sec-fetch-site': site }), direct)).not.toThrow();
    }
  });

  it('refuses another origin, even when it also sends a matching X-Forwarded-Host without TRUST_PROXY', () => {
    const forged = { host: 'files.example.com', origin: 'http://evil.test', 'x-forwarded-host': 'evil.test' };
    expect(() => assertSameOrigin(post(forged), direct)).toThrow(/Cross-origin/);
    expect(() => assertSameOrigin(post({ host: 'files.example.com', origin: 'null' }), direct)).toThrow(/Cross-origin/);
  });

  it('follows the forwarded host only behind a trusted proxy', () => {
    const proxied = {
      host: '127.0.0.1:3000',
      origin: 'https://files.example.com',
      'x-forwarded-host': 'files.example.com',
      'x-forwarded-proto': 'https',
    };
    expect(() => assertSameOrigin(post(proxied), { port: 3000, trustProxy: true })).not.toThrow();
    expect(() => assertSameOrigin(post(proxied), direct)).toThrow(/Cross-origin/);
  });

  it('with PUBLIC_URL, only that origin is ours', () => {
    const settings = { publicUrl: 'https://files.example.com/', port: 3000, trustProxy: false };
    expect(() => assertSameOrigin(post({ host: 'x', origin: 'https://files.example.com' }), settings)).not.toThrow();
    expect(() => assertSameOrigin(post({ host: 'x', origin: 'http://x' }), settings)).toThrow(/Cross-origin/);
  });
});
