import { lookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import { type Readable, Transform } from 'node:stream';
import tls from 'node:tls';
import { AppError, errorBrand, isAppError } from '@/lib/errors';
import { isIpLiteral, isLocalName, isRefusedAddress } from '@/lib/outbound/address-policy';
import { isAllowListed } from '@/lib/outbound/allow-hosts';

// The one HTTP client for requests the server makes on a user's behalf (URL import, cloud
// import, webhooks). It resolves the host itself, checks the addresses, and dials the checked
// address (no second lookup, so DNS rebinding cannot swap it), on every redirect hop. Node's
// http module with our own `createConnection`: no agent, so no proxy environment variables and
// no pooled socket to another host; no decompression (we ask for `identity` and never decode).

type ResolvedAddress = { address: string; family: number };
/** Resolves a hostname to every address (tests pass a stub). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;
/** Opens the socket to a checked address (tests pass a hook that records instead of dialling). */
export type Dialer = (target: { address: string; port: number; tls: boolean; servername?: string }) => net.Socket;

export type OutboundOptions = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Redirect hops followed (each checked like the first); 0 returns a 3xx as the response. */
  maxRedirects?: number;
  /** Body bytes allowed, counted while streaming (not from Content-Length); null for no cap. */
  maxBytes?: number | null;
  connectTimeoutMs?: number;
  /** From the first lookup to the last body byte. */
  totalTimeoutMs?: number;
  signal?: AbortSignal;
  resolver?: Resolver;
  dial?: Dialer;
};

export type OutboundResponse = { status: number; headers: IncomingHttpHeaders; url: URL; body: Readable };

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A request that failed for a network or protocol reason (not a policy refusal). */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    outboundErrorBrand.mark(this);
  }
}
const outboundErrorBrand = errorBrand<OutboundError>('OutboundError');
const isOutboundError = outboundErrorBrand.is;

const refused = (message: string) => new AppError('refused_destination', message);

/** Parses and checks what can be checked without DNS: scheme, credentials, literal hosts. */
function checkUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('validation_failed', 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('Only http and https URLs are fetched');
  if (url.username || url.password) throw refused('URLs with credentials are not fetched');
  if (isAllowListed(url)) return url;
  if (isLocalName(url.hostname)) throw refused('The URL points at this server');
  if (isIpLiteral(url.hostname) && isRefusedAddress(url.hostname))
    throw refused('The URL points at a private or reserved address');
  return url;
}

const systemResolver: Resolver = async (hostname) => lookup(hostname, { all: true, verbatim: true });

/** The address to dial for a checked URL: the first public one (any, for an allow-listed host). */
async function resolveChecked(url: URL, resolver: Resolver = systemResolver): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIpLiteral(host)) {
    if (!isAllowListed(url) && isRefusedAddress(host)) throw refused('The URL points at a private or reserved address');
    return { address: host, family: net.isIP(host) };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolver(host);
  } catch {
    throw refused(`The host "${host}" could not be resolved`);
  }
  const usable = isAllowListed(url) ? addresses : addresses.filter((a) => !isRefusedAddress(a.address));
  if (usable.length === 0) throw refused(`The host "${host}" resolves only to private or reserved addresses`);
  return usable[0];
}

/** Checks a URL the way a request would, without connecting: for answering 400 before any job runs. */
export async function preflight(raw: string, resolver?: Resolver): Promise<URL> {
  const url = checkUrl(raw);
  await resolveChecked(url, resolver);
  return url;
}

const systemDialer: Dialer = ({ address, port, tls: secure, servername }) =>
  secure
    ? tls.connect({ host: address, port, servername, ALPNProtocols: ['http/1.1'] })
    : net.connect({ host: address, port });

/** One outbound request; redirects are followed (re-checked) up to `maxRedirects`. */
export async function outboundRequest(raw: string | URL, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const signal = AbortSignal.any([
    AbortSignal.timeout(options.totalTimeoutMs ?? 60_000),
    ...(options.signal ? [options.signal] : []),
  ]);
  let url = checkUrl(raw);
  let method = options.method ?? 'GET';
  let body = options.body;
  let headers = options.headers ?? {};
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(url, method, body, headers, options, signal);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode ?? 0) || maxRedirects === 0 || !location) {
      return {
        status: res.statusCode ?? 0,
        headers: res.headers,
        url,
        body: capped(res, options.maxBytes ?? null, signal),
      };
    }
    res.destroy();
    if (hop >= maxRedirects) throw new OutboundError(`Too many redirects (more than ${maxRedirects})`);
    const next = checkUrl(new URL(location, url));
    // Credentials meant for one origin never follow a redirect to another (a provider's download link).
    if (next.origin !== url.origin) headers = withoutCredentials(headers);
    url = next;
    if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

async function requestOnce(
  url: URL,
  method: string,
  body: string | Buffer | undefined,
  extraHeaders: Record<string, string>,
  options: OutboundOptions,
  signal: AbortSignal,
) {
  const target = await resolveChecked(url, options.resolver);
  const secure = url.protocol === 'https:';
  const port = Number(url.port || (secure ? 443 : 80));
  const servername = isIpLiteral(url.hostname) ? undefined : url.hostname;
  const dial = options.dial ?? systemDialer;
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const headers: Record<string, string> = {
    'user-agent': 'Transmute',
    'accept-encoding': 'identity',
    ...extraHeaders,
    host: url.host,
  };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.request({
      method,
      path: `${url.pathname}${url.search}`,
      headers,
      signal,
      createConnection: () => {
        const socket = dial({ address: target.address, port, tls: secure, servername });
        socket.setTimeout(connectTimeoutMs, () => socket.destroy(new OutboundError('Connecting timed out')));
        socket.once(secure ? 'secureConnect' : 'connect', () => socket.setTimeout(0));
        return socket;
      },
    });
    req.once('response', resolve);
    req.once('error', (e) => reject(describe(e, signal)));
    req.end(body);
  });
}

const withoutCredentials = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !['authorization', 'cookie'].includes(k.toLowerCase())));

function describe(e: unknown, signal: AbortSignal): Error {
  if (isAppError(e) || isOutboundError(e)) return e;
  if (signal.aborted) return new OutboundError('The request timed out');
  const code = (e as NodeJS.ErrnoException)?.code;
  return new OutboundError(`The request failed${code ? ` (${code})` : ''}`, { cause: e });
}

/** The response body, failing with 413 once more than `maxBytes` have arrived (and with a clear timeout). */
function capped(res: http.IncomingMessage, maxBytes: number | null, signal: AbortSignal): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (maxBytes !== null && seen > maxBytes) {
        done(new AppError('payload_too_large', `The file is larger than the plan's limit of ${maxBytes} bytes`));
      } else done(null, chunk);
    },
  });
  // Either side failing ends the other; a response error reaches the reader as a clear message.
  res.on('error', (e) => counter.destroy(describe(e, signal)));
  res.once('aborted', () => counter.destroy(new OutboundError('The connection closed before the body ended')));
  counter.once('close', () => res.destroy());
  // A reader that attaches later (after an await) still sees the failure via `errored`; until then
  // an early cut-off must not surface as an unhandled 'error' event.
  counter.on('error', () => {});
  return res.pipe(counter);
}
