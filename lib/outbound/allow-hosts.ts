import { config } from '@/lib/config';

// OUTBOUND_ALLOW_HOSTS: comma-separated `host:port` pairs an administrator lets the server reach
// although they resolve to refused addresses (an intranet file server; the tests' local servers).
// Matching is on the URL's hostname and port exactly as written; nothing else bypasses the rule.

/** The allow-list, read on every use so a test or an operator's change applies at once. */
function allowedHosts(): Set<string> {
  return new Set(config.outboundAllowHosts);
}

/** The `host:port` key of a URL (default port filled in; IPv6 keeps its brackets). */
function hostKey(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

export const isAllowListed = (url: URL) => allowedHosts().has(hostKey(url));
