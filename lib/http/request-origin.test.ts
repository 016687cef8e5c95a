import { describe, expect, it } from 'vitest';
import { requestOrigin } from '@/lib/http/request-origin';

// As Next hands requests to route handlers: request.url is the bound address.
const request = (headers: Record<string, string>, url = 'http://0.0.0.0:3000/api/v1/x') =>
  new Request(url, { headers });
const direct = { trustProxy: false };
const proxied = { trustProxy: true };

describe('requestOrigin (for the same-origin check only)', () => {
  it('without TRUST_PROXY: the Host header over http; forwarded headers are ignored', () => {
    const req = request({ host: 'files.lan:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(requestOrigin(req, direct)).toBe('http://files.lan:3000');
    // Next puts a client's X-Forwarded-Proto into request.url too; that is not followed either.
    expect(requestOrigin(request({ host: 'files.lan' }, 'https://0.0.0.0:3000/x'), direct)).toBe('http://files.lan');
  });

  it('with TRUST_PROXY: the first X-Forwarded-Proto and X-Forwarded-Host', () => {
    const req = request({
      host: 'internal:3000',
      'x-forwarded-proto': 'https, http',
      'x-forwarded-host': 'convert.example.com, internal',
    });
    expect(requestOrigin(req, proxied)).toBe('https://convert.example.com');
    // A proxy that forwards only the protocol keeps the Host header.
    expect(requestOrigin(request({ host: 'convert.example.com', 'x-forwarded-proto': 'https' }), proxied)).toBe(
      'https://convert.example.com',
    );
  });

  it('a Host or forwarded value that is not a bare host is not used', () => {
    for (const host of ['evil.example/path', 'user@evil.example', 'a b', ''])
      expect(requestOrigin(request({ host }), direct), host).toBeUndefined();
    const req = request({ host: 'files.lan', 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil/x' });
    expect(requestOrigin(req, proxied)).toBe('http://files.lan');
  });
});
