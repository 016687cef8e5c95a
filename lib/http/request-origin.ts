// The origin a browser addressed a request to, for the same-origin check of cookie-authenticated
// requests (lib/api/with-api.ts) while PUBLIC_URL is unset: the browser's Origin header is compared
// with it. Never used to build a URL (lib/http/public-origin.ts builds those): Host and
// X-Forwarded-* are the client's to choose. Next builds request.url from the bound address
// (http://0.0.0.0:3000) and from client-sent X-Forwarded-* headers, so that is not used either.

export type RequestOriginSettings = { trustProxy: boolean };

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
 * With TRUST_PROXY=true, the proxy's X-Forwarded-Proto/-Host; else the Host header over plain HTTP,
 * which is what the app itself serves (TLS is a proxy's job). Undefined without a usable Host.
 */
export function requestOrigin(request: Request, settings: RequestOriginSettings): string | undefined {
  const host = request.headers.get('host') ?? undefined;
  if (settings.trustProxy) {
    const proto = firstValue(request.headers.get('x-forwarded-proto')) ?? 'http';
    const forwarded = originOf(proto, firstValue(request.headers.get('x-forwarded-host')) ?? host);
    if (forwarded) return forwarded;
  }
  return originOf('http:', host);
}
