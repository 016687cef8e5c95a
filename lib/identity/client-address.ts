import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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
