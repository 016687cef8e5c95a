// The network address of a caller, as set by scripts/server.ts on every request (overwriting
// whatever the client sent under that name). Anonymous limits are counted per address.
export const CLIENT_ADDRESS_HEADER = 'x-transmute-client';

/** The socket's address, or with a trusted proxy the address the proxy saw (last X-Forwarded-For hop). */
export function clientAddressOf(socketAddress: string | undefined, forwardedFor: string | undefined, trustProxy: boolean): string {
  const hops = forwardedFor?.split(',').map((h) => h.trim()).filter(Boolean) ?? [];
  const address = trustProxy && hops.length > 0 ? hops[hops.length - 1] : socketAddress;
  return (address ?? 'unknown').replace(/^::ffff:/, '');
}

export function clientAddressFromHeaders(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
