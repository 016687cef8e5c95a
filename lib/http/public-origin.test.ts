import { describe, expect, it } from 'vitest';
import { publicOrigin } from '@/lib/http/public-origin';

// As Next hands requests to route handlers: request.url is the bound address.
const request = (headers: Record<string, string>, url = 'http://0.0.0.0:3000/api/v1/x') =>
  new Request(url, { headers });
const direct = { publicUrl: undefined, trustProxy: false };
const proxied = { publicUrl: undefined, trustProxy: true };

describe('publicOrigin', () => {
  it('PUBLIC_URL wins over every header, without its trailing slash', () => {
    const req = request({ host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    expect(publicOrigin(req, { publicUrl: 'https://convert.example.com/', trustProxy: true })).toBe(
      'https://convert.example.com',
    );
    expect(publicOrigin(req, { publicUrl: 'https://convert.example.com', trustProxy: false })).toBe(
      'https://convert.example.com',
    );
  });

  it('without TRUST_PROXY: the Host header over http; forwarded headers are ignored', () => {
    const req = request({ host: 'files.lan:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(publicOrigin(req, direct)).toBe('http://files.lan:3000');
    // Next puts a client's X-Forwarded-Proto into request.url too; that is not followed either.
    expect(publicOrigin(request({ host: 'files.lan' }, 'https://0.0.0.0:3000/x'), direct)).toBe('http://files.lan');
  });

  it('with TRUST_PROXY: the first X-Forwarded-Proto and X-Forwarded-Host', () => {
    const req = request({
      host: 'internal:3000',
      'x-forwarded-proto': 'https, http',
      'x-forwarded-host': 'convert.example.com, internal',
    });
    expect(publicOrigin(req, proxied)).toBe('https://convert.example.com');
    // A proxy that forwards only the protocol keeps the Host header.
    expect(publicOrigin(request({ host: 'convert.example.com', 'x-forwarded-proto': 'https' }), proxied)).toBe(
      'https://convert.example.com',
    );
  });

  it('never 0.0.0.0: without a Host header the bound address reads localhost', () => {
    expect(publicOrigin(request({}), direct)).toBe('http://localhost:3000');
    expect(publicOrigin(request({}, 'http://127.0.0.1:4000/x'), direct)).toBe('http://127.0.0.1:4000');
  });

  it('a Host or forwarded value that is not a bare host is not used', () => {
    for (const host of ['evil.example/path', 'user@evil.example', 'a b', '']) {
      expect(publicOrigin(request({ host }), direct), host).toBe('http://localhost:3000');
    }
    const req = request({ host: 'files.lan', 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil/x' });
    expect(publicOrigin(req, proxied)).toBe('http://files.lan');
  });
});
