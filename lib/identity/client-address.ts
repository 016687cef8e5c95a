import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';

// The network address of a caller, recorded by scripts/server.ts on every request. Anonymous
// limits are counted per address, so a client must not be able to pick its own: the server signs
// the address with a per-process secret and route handlers accept it only with that signature.
// The secret lives in process.env because the server and the bundled route handlers are separate
// module instances in one process. Unsigned or wrongly signed callers all share the 'unknown' address.
export const CLIENT_ADDRESS_HEADER = 'x-transmute-client';
export const CLIENT_PROOF_HEADER = 'x-transmute-client-proof';
const SECRET_ENV = 'TRANSMUTE_CLIENT_ADDRESS_SECRET';
export const UNKNOWN_ADDRESS = 'unknown';

/** The socket's address, or with a trusted proxy the address the proxy saw (last X-Forwarded-For hop). */
export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustProxy: boolean,
): string {
  const hops =
    forwardedFor
      ?.split(',')
      .map((h) => h.trim())
      .filter(Boolean) ?? [];
  const address = trustProxy && hops.length > 0 ? hops[hops.length - 1] : socketAddress;
  return (address ?? UNKNOWN_ADDRESS).replace(/^::ffff:/, '');
}

const sign = (secret: string, address: string) => createHmac('sha256', secret).update(address).digest('base64url');

/**
 * The headers that carry `address` to the route handlers of this process, signed (creating the
 * process's secret on first use). The caller removes any client-sent copies before adding them.
 */
export function signedClientAddressHeaders(address: string): Record<string, string> {
  const secret = (process.env[SECRET_ENV] ??= randomBytes(32).toString('base64url'));
  return { [CLIENT_ADDRESS_HEADER]: address, [CLIENT_PROOF_HEADER]: sign(secret, address) };
}

/** The address signed by this process's server, or 'unknown' for anything unsigned or forged. */
export function clientAddressFromHeaders(headers: Headers): string {
  const secret = process.env[SECRET_ENV];
  const address = headers.get(CLIENT_ADDRESS_HEADER);
  const proof = headers.get(CLIENT_PROOF_HEADER);
  if (!secret || !address || !proof) return UNKNOWN_ADDRESS;
  const expected = Buffer.from(sign(secret, address));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : UNKNOWN_ADDRESS;
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail as two), or null for anything else. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]; // a zone (fe80::1%eth0) names the interface, not the host
  if (!isIPv6(text)) return null;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const [head, tail] = text.split('::');
  if (tail === undefined) return groups(head);
  const before = groups(head);
  const after = groups(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The block of addresses one client holds, for counting its failures: an IPv6 address's /64 (a
 * single subscriber or host is handed a whole /64, so counting each address alone would give a
 * guesser 2^64 fresh starts), an IPv4 address itself, and an IPv4-mapped IPv6 address as its IPv4.
 * Anything else (`unknown`) is returned as it is.
 */
export function addressBlock(address: string): string {
  const g = ipv6Groups(address);
  if (!g) return address;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
