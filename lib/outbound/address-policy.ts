import ipaddr from 'ipaddr.js';

// Which network destinations the server may open connections to on a user's behalf: public
// unicast addresses only. ipaddr.js classifies the ranges; `process` turns IPv4-mapped and
// IPv4-compatible IPv6 into the IPv4 address they carry, so `::ffff:127.0.0.1` is loopback.
// Everything else (loopback, private, link-local and the metadata address 169.254.169.254,
// unique-local, CGNAT, multicast, broadcast, unspecified, reserved, NAT64, 6to4, Teredo…) is refused.

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Whether an IP address (any textual form ipaddr.js parses) may not be dialled. Non-IPs are refused. */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return true;
  const ip = ipaddr.process(bare);
  if (ip.range() !== 'unicast') return true;
  // ipaddr.js calls the deprecated IPv4-compatible form (::a.b.c.d) unicast: only 2000::/3 is public.
  return ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST_V6);
}

/** Whether a URL hostname is an IP literal (WHATWG URL has already normalised decimal/octal/hex IPv4). */
export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''));
}

/** Names that always mean this machine, whatever a resolver says. */
export function isLocalName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === 'localhost.localdomain';
}
