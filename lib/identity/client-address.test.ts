import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '@/lib/identity/client-address';

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
