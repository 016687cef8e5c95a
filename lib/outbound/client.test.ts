import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import tls from 'node:tls';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { type Dialer, OutboundError, outboundRequest, preflight, type Resolver } from '@/lib/outbound/client';
import { installLoopbackOnlyGuard } from '@/tests/support/loopback-only';

// No packet leaves this machine: targets are loopback, other ranges go through a stub resolver
// and a dial hook that records the address and never connects, and the guard makes any other
// connection throw even if the client were wrong.

let removeGuard: () => void;
let server: http.Server;
let origin: string;
let other: http.Server;
let otherOrigin: string;
let third: http.Server;
let thirdOrigin: string;
const hits: string[] = [];

function listen(handler: http.RequestListener) {
  return new Promise<[http.Server, string]>((resolve) => {
    const s = http.createServer(handler).listen(0, '127.0.0.1', () => {
      resolve([s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`]);
    });
  });
}

beforeAll(async () => {
  removeGuard = installLoopbackOnlyGuard();
  [server, origin] = await listen((req, res) => {
    hits.push(req.url!);
    const u = new URL(req.url!, 'http://x');
    if (u.pathname === '/file') return void res.end('hello');
    if (u.pathname === '/redirect') return void res.writeHead(302, { location: u.searchParams.get('to')! }).end();
    if (u.pathname === '/loop') {
      const n = Number(u.searchParams.get('n'));
      return void res.writeHead(302, { location: n > 0 ? `/loop?n=${n - 1}` : '/file' }).end();
    }
    if (u.pathname === '/big') return void res.end(Buffer.alloc(5000));
    if (u.pathname === '/gzip')
      return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('x'.repeat(100_000)));
    if (u.pathname === '/slow') return; // never answers
    res.writeHead(404).end();
  });
  [other, otherOrigin] = await listen((req, res) => {
    hits.push(`other${req.url}`);
    res.end('internal');
  });
  [third, thirdOrigin] = await listen((req, res) => {
    if (req.url === '/hop') return void res.writeHead(302, { location: '/auth' }).end();
    res.end(req.headers.authorization ?? 'none');
  });
  process.env.OUTBOUND_ALLOW_HOSTS = `${new URL(origin).host},${new URL(thirdOrigin).host}`;
});

afterAll(() => {
  removeGuard();
  server.closeAllConnections();
  server.close();
  other.close();
  third.close();
  delete process.env.OUTBOUND_ALLOW_HOSTS;
});

afterEach(() => {
  hits.length = 0;
});

/** A dial hook that records the address it was asked for and fails without connecting. */
function recorder() {
  const dialled: string[] = [];
  const dial: Dialer = ({ address, port }) => {
    dialled.push(`${address}:${port}`);
    const socket = new net.Socket();
    process.nextTick(() => socket.destroy(new Error('recorded, not dialled')));
    return socket;
  };
  return { dial, dialled };
}

const stub =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: net.isIP(address) }));
  };

const isRefusal = (e: unknown) => e instanceof AppError && e.code === 'refused_destination';

const REFUSED_LITERALS = [
  'http://127.0.0.1/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://0x7f.0.0.1/',
  'http://127.255.255.254/',
  'http://0.0.0.0/',
  'http://0/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::127.0.0.1]/',
  'http://[::]/',
  'http://localhost/',
  'http://LOCALHOST./',
  'http://api.localhost/',
  'http://10.0.0.1/',
  'http://172.16.5.4/',
  'http://192.168.1.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.100.100.200/',
  'http://100.64.0.1/',
  'http://[fd00:ec2::254]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://[ff02::1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:a9fe:a9fe::]/',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  // The allowed host's address on another port is not allowed.
  'http://127.0.0.1:1/',
];

const REFUSED_SCHEMES = [
  'ftp://example.com/f',
  'file:///etc/passwd',
  'gopher://example.com/',
  'http://user:pass@example.com/',
  'https://user@example.com/',
];

describe('outbound client: refused destinations', () => {
  it('the test guard stops a connection to anything but loopback', () => {
    expect(() => net.connect({ host: '10.0.0.1', port: 80 })).toThrow(/Test guard/);
    expect(() => net.connect(80, '93.184.216.34')).toThrow(/Test guard/);
  });

  it.each(REFUSED_LITERALS)('%s is refused before any connection', async (url) => {
    const { dial, dialled } = recorder();
    await expect(preflight(url, stub({}))).rejects.toSatisfy(isRefusal);
    await expect(outboundRequest(url, { dial, resolver: stub({}) })).rejects.toSatisfy(isRefusal);
    expect(dialled).toEqual([]);
  });

  it.each(REFUSED_SCHEMES)('%s is refused (scheme or credentials)', async (url) => {
    const { dial, dialled } = recorder();
    await expect(
      outboundRequest(url, { dial, resolver: stub({ 'example.com': ['93.184.216.34'] }) }),
    ).rejects.toSatisfy(isRefusal);
    expect(dialled).toEqual([]);
  });

  it.each([
    ['a name resolving to 127.0.0.1', ['127.0.0.1']],
    ['a name resolving to the metadata address', ['169.254.169.254']],
    ['a name resolving to private addresses only', ['10.1.2.3', '192.168.0.1', 'fd12::1']],
    ['a name resolving to an IPv4-mapped loopback', ['::ffff:127.0.0.1']],
  ])('%s is refused', async (_label, addresses) => {
    const { dial, dialled } = recorder();
    const resolver = stub({ 'files.example.com': addresses });
    await expect(preflight('https://files.example.com/a.png', resolver)).rejects.toSatisfy(isRefusal);
    await expect(outboundRequest('https://files.example.com/a.png', { dial, resolver })).rejects.toSatisfy(isRefusal);
    expect(dialled).toEqual([]);
  });

  it('dials the checked public address of a mixed answer, never the private one', async () => {
    const { dial, dialled } = recorder();
    const resolver = stub({ 'files.example.com': ['10.0.0.7', '93.184.216.34'] });
    await expect(outboundRequest('https://files.example.com/a.png', { dial, resolver })).rejects.toThrow();
    expect(dialled).toEqual(['93.184.216.34:443']);
  });

  it('DNS rebinding: the address checked is the address dialled, resolved once per connection', async () => {
    const { dial, dialled } = recorder();
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    let lookups = 0;
    const resolver: Resolver = async () => answers[lookups++].map((address) => ({ address, family: 4 }));
    await preflight('http://rebind.example/', resolver); // first answer: public
    await expect(outboundRequest('http://rebind.example/', { dial, resolver })).rejects.toSatisfy(isRefusal);
    expect(lookups).toBe(2);
    expect(dialled).toEqual([]);
  });

  it('a public-looking host redirecting to a private address is refused at the hop', async () => {
    // The public name is "dialled" onto our local server, which answers with the redirect.
    const dialled: string[] = [];
    const port = Number(new URL(origin).port);
    const dial: Dialer = ({ address }) => {
      dialled.push(address);
      return net.connect({ host: '127.0.0.1', port });
    };
    const resolver = stub({ 'files.example.com': ['93.184.216.34'], 'internal.example.com': ['10.0.0.9'] });
    for (const to of [
      'http://169.254.169.254/latest/meta-data/',
      'http://internal.example.com/',
      `${otherOrigin}/secret`,
    ]) {
      await expect(
        outboundRequest(`http://files.example.com/redirect?to=${encodeURIComponent(to)}`, { dial, resolver }),
      ).rejects.toSatisfy(isRefusal);
    }
    expect(dialled).toEqual(['93.184.216.34', '93.184.216.34', '93.184.216.34']);
    expect(hits.filter((h) => h.startsWith('other'))).toEqual([]);
  });

  it('an allow-listed server redirecting to a loopback port not on the list is refused', async () => {
    await expect(outboundRequest(`${origin}/redirect?to=${encodeURIComponent(`${otherOrigin}/x`)}`)).rejects.toSatisfy(
      isRefusal,
    );
    expect(hits).toEqual([`/redirect?to=${encodeURIComponent(`${otherOrigin}/x`)}`]);
  });

  it('a loopback server that is not on the allow-list is never contacted', async () => {
    await expect(outboundRequest(`${otherOrigin}/x`)).rejects.toSatisfy(isRefusal);
    expect(hits).toEqual([]);
  });
});

describe('outbound client: allowed destinations and limits', () => {
  const text = async (url: string, options = {}) => {
    const res = await outboundRequest(url, options);
    const chunks: Buffer[] = [];
    for await (const c of res.body) chunks.push(c as Buffer);
    return { res, body: Buffer.concat(chunks) };
  };

  it('fetches from a server named in OUTBOUND_ALLOW_HOSTS', async () => {
    const { res, body } = await text(`${origin}/file`);
    expect(res.status).toBe(200);
    expect(body.toString()).toBe('hello');
  });

  it('follows up to 5 redirects, each re-checked, and refuses a sixth', async () => {
    const { res, body } = await text(`${origin}/loop?n=4`);
    expect(res.url.pathname).toBe('/file');
    expect(body.toString()).toBe('hello');
    await expect(text(`${origin}/loop?n=5`)).rejects.toThrow(OutboundError);
  });

  it('keeps Authorization on a same-origin redirect and drops it on a redirect to another origin', async () => {
    const headers = { authorization: 'Bearer provider-token' };
    expect((await text(`${thirdOrigin}/hop`, { headers })).body.toString()).toBe('Bearer provider-token');
    const cross = `${origin}/redirect?to=${encodeURIComponent(`${thirdOrigin}/auth`)}`;
    expect((await text(cross, { headers })).body.toString()).toBe('none');
  });

  it('returns a redirect as is when redirects are off (webhooks)', async () => {
    const res = await outboundRequest(`${origin}/redirect?to=/file`, { maxRedirects: 0 });
    expect(res.status).toBe(302);
    res.body.destroy();
  });

  it('cuts the body off past maxBytes, counted while streaming', async () => {
    await expect(text(`${origin}/big`, { maxBytes: 1000 })).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'payload_too_large',
    );
    expect((await text(`${origin}/big`, { maxBytes: 5000 })).body.length).toBe(5000);
  });

  it('does not decompress (a gzip bomb stays small)', async () => {
    const { body } = await text(`${origin}/gzip`);
    expect(body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(body.length).toBeLessThan(1000);
  });

  it('gives up on a server that never answers (total timeout)', async () => {
    await expect(text(`${origin}/slow`, { totalTimeoutMs: 300 })).rejects.toThrow(/timed out/);
  });

  it('gives up on a connection that never opens (connect timeout, TLS handshake included)', async () => {
    const silent = net.createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    const port = (silent.address() as AddressInfo).port;
    const dial: Dialer = ({ servername }) => tls.connect({ host: '127.0.0.1', port, servername });
    const resolver = stub({ 'files.example.com': ['93.184.216.34'] });
    try {
      await expect(
        outboundRequest('https://files.example.com/', { dial, resolver, connectTimeoutMs: 200 }),
      ).rejects.toThrow(/Connecting timed out/);
    } finally {
      silent.close();
    }
  });
});
