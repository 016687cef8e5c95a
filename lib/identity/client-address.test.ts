import { describe, expect, it } from 'vitest';
import {
  addressBlock,
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

describe('the block an address counts in', () => {
  it('is the /64 of an IPv6 address, however it is written', () => {
    const block = '2001:db8:1:2::/64';
    for (const a of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0:0:0:9',
      '2001:DB8:1:2::a',
    ])
      expect(addressBlock(a), a).toBe(block);
    expect(addressBlock('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
    expect(addressBlock('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBlock('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves IPv4 as it is, and reads an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(addressBlock('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBlock('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressBlock('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(addressBlock('unknown')).toBe('unknown');
  });
});
