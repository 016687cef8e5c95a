import { describe, expect, it } from 'vitest';
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_PROOF_HEADER,
  clientAddressFromHeaders,
  clientAddressOf,
  signedClientAddressHeaders,
} from '@/lib/identity/client-address';

describe('client address for anonymous limits', () => {
  it('ignores a spoofed X-Forwarded-For unless a proxy is trusted', () => {
    expect(clientAddressOf('203.0.113.9', '1.2.3.4', false)).toBe('203.0.113.9');
    expect(clientAddressOf('::ffff:203.0.113.9', undefined, false)).toBe('203.0.113.9');
  });

  it('with a trusted proxy, takes the address the proxy saw (the last hop), not a client-supplied one', () => {
    expect(clientAddressOf('10.0.0.2', 'spoofed, 198.51.100.7', true)).toBe('198.51.100.7');
    expect(clientAddressOf('10.0.0.2', undefined, true)).toBe('10.0.0.2');
  });
});

describe('the address header reaching route handlers', () => {
  it('is accepted with the signature the server adds', () => {
    expect(clientAddressFromHeaders(new Headers(signedClientAddressHeaders('203.0.113.9')))).toBe('203.0.113.9');
  });

  it('is ignored when a client sends it without a signature', () => {
    expect(clientAddressFromHeaders(new Headers({ [CLIENT_ADDRESS_HEADER]: '203.0.113.9' }))).toBe('unknown');
  });

  it('is ignored when the signature belongs to another address or is made up', () => {
    const signed = signedClientAddressHeaders('203.0.113.9');
    const other = { [CLIENT_ADDRESS_HEADER]: '198.51.100.1', [CLIENT_PROOF_HEADER]: signed[CLIENT_PROOF_HEADER] };
    expect(clientAddressFromHeaders(new Headers(other))).toBe('unknown');
    const madeUp = { [CLIENT_ADDRESS_HEADER]: '203.0.113.9', [CLIENT_PROOF_HEADER]: 'x'.repeat(43) };
    expect(clientAddressFromHeaders(new Headers(madeUp))).toBe('unknown');
  });
});
