import { config } from '@/lib/config';

// The address clients reach this service at, for every link we hand out (presigned downloads,
// redirects, Stripe return URLs, mails). Next builds request.url from the address the server is
// bound to (http://0.0.0.0:3000) and from client-sent X-Forwarded-* headers, so it is never used.

type OriginSettings = { publicUrl?: string; trustProxy: boolean };

const firstValue = (header: string | null) => header?.split(',')[0]?.trim() || undefined;

/** `proto://host` when `host` is a bare host[:port] (no path, credentials or spaces), else undefined. */
function originOf(protocol: string, host: string | undefined): string | undefined {
  if (!host || !/^(https?):?$/.test(protocol)) return undefined;
  const scheme = protocol.replace(/:$/, '');
  try {
    const url = new URL(`${scheme}://${host}`);
    return url.host === host.toLowerCase() && url.pathname === '/' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PUBLIC_URL when set; else, only with TRUST_PROXY=true, the proxy's X-Forwarded-Proto/-Host;
 * else the request's Host header over plain HTTP, which is what the app itself serves
 * (scripts/server.ts; TLS is a proxy's job). Never 0.0.0.0, never a trailing slash.
 */
export function publicOrigin(request: Request, settings: OriginSettings = config): string {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, '');
  const url = new URL(request.url);
  const host = request.headers.get('host') ?? undefined;
  if (settings.trustProxy) {
    const proto = firstValue(request.headers.get('x-forwarded-proto')) ?? url.protocol;
    const forwarded = originOf(proto, firstValue(request.headers.get('x-forwarded-host')) ?? host);
    if (forwarded) return forwarded;
  }
  return originOf('http:', host) ?? `http://${url.host.replace(/^(0\.0\.0\.0|\[::\])(?=:|$)/, 'localhost')}`;
}
