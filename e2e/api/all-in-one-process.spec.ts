import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makePng } from '../../tests/support/fixtures';
import { waitFor } from '../../tests/support/wait-for';
import {
  connectionsTo,
  type ScratchDatabase,
  scratchDatabase,
  type ServiceProcess,
  startService,
  total,
} from '../fixtures/service-processes';

// The all-in-one process as production runs it: `node dist/server.mjs --with-worker` over Next's
// build, the web server and the job worker in one Node process. Its worker must run from the same
// module graph as the routes and the conversion's subscribers (instrumentation.ts starts it): a
// worker of the server bundle's own copy of lib/ took the subscribers' errors for engine crashes.
// The same process holds slow and stalled request bodies to their limits (BODY_IDLE_SECONDS).

const BODY_IDLE_SECONDS = 2;
const PLAN_SETTINGS = {
  PLAN_FREE_RATE_PER_MINUTE: 'unlimited',
  PLAN_FREE_DAILY_CONVERSIONS: 'unlimited',
  PLAN_FREE_MAX_UPLOAD_BYTES: '100000',
};

let source: http.Server;
let sourceOrigin: string;
const hits = new Map<string, number>();
let png: Buffer;
let database: ScratchDatabase;
let allInOne: ServiceProcess;

test.beforeAll(async () => {
  png = await makePng();
  source = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://source');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    if (url.pathname === '/big.png') return void res.end(Buffer.concat([png, Buffer.alloc(200_000)]));
    if (url.pathname === '/redirect') return void res.writeHead(302, { location: url.searchParams.get('to')! }).end();
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceOrigin = `http://127.0.0.1:${(source.address() as net.AddressInfo).port}`;
  database = await scratchDatabase('all_in_one');
  allInOne = await startService('all-in-one', database, {
    ...PLAN_SETTINGS,
    // URL imports may reach this loopback source (tests/url-import.integration.test.ts does alike).
    OUTBOUND_ALLOW_HOSTS: new URL(sourceOrigin).host,
    BODY_IDLE_SECONDS: String(BODY_IDLE_SECONDS),
  });
});

test.afterAll(async () => {
  await allInOne?.stop();
  await database?.drop();
  source?.close();
});

type Status = { conversion: { status: string }; error?: string };

async function importUrl(origin: string, url: string): Promise<Status> {
  const created = await fetch(`${origin}/api/v1/convert/upload-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, target_format: 'webp' }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const cookie = created.headers.get('set-cookie')?.split(';')[0] ?? '';
  const { id } = (await created.json()) as { id: number };
  return waitFor(
    async () =>
      (await (await fetch(`${origin}/api/v1/convert/status/${id}`, { headers: { cookie } })).json()) as Status,
    (s) => s.conversion.status === 'completed' || s.conversion.status === 'failed',
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

test('runs on the configuration next build resolved, without compiling next.config.ts', async () => {
  // next.config.ts's own setting, as the build recorded it.
  const page = await fetch(`${allInOne.url}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('x-powered-by')).toBeNull();
  // Compiling the TypeScript config would have loaded SWC's native module, mapped for good.
  const maps = await readFile(`/proc/${allInOne.pid}/maps`, 'utf8');
  expect(maps).toContain(await realpath(process.execPath)); // the reading sees what the process mapped
  expect(maps).not.toMatch(/next-swc/);
});

test('a URL import that fails is fetched once and fails naming why', async () => {
  const cases = [
    { path: '/missing.png', url: `${sourceOrigin}/missing.png`, error: /HTTP 404/ },
    { path: '/big.png', url: `${sourceOrigin}/big.png`, error: /larger than the plan's limit/ },
    {
      path: '/redirect',
      url: `${sourceOrigin}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
      error: /Could not import the URL: .*(private|reserved)/,
    },
  ];
  for (const c of cases) {
    const status = await importUrl(allInOne.url, c.url);
    expect(status.conversion.status).toBe('failed');
    expect(status.error).toMatch(c.error);
    expect(status.error).not.toMatch(/engine failed/);
    // Failed for good (a retry would come before the row says failed): fetched once, not per attempt.
    expect(hits.get(c.path), c.path).toBe(1);
  }
});

/** Uploads a PNG for WebP and waits for the conversion to complete. */
async function convertPng(origin: string): Promise<void> {
  const form = new FormData();
  form.set('target_format', 'webp');
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const created = await fetch(`${origin}/api/v1/convert/upload`, { method: 'POST', body: form });
  expect(created.status, await created.clone().text()).toBe(201);
  const cookie = created.headers.get('set-cookie')?.split(';')[0] ?? '';
  const { id } = (await created.json()) as { id: number };
  const done = await waitFor(
    async () =>
      (await (await fetch(`${origin}/api/v1/convert/status/${id}`, { headers: { cookie } })).json()) as Status,
    (s) => s.conversion.status === 'completed' || s.conversion.status === 'failed',
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  expect(done.conversion.status, done.error).toBe('completed');
}

/** Runs `work` while sampling the connections to `db`; the most each named process held at once. */
async function peakConnections(db: string, work: () => Promise<void>): Promise<Record<string, number>> {
  const peaks: Record<string, number> = {};
  let working = true;
  const sampling = (async () => {
    while (working) {
      for (const [name, n] of Object.entries(await connectionsTo(db))) peaks[name] = Math.max(peaks[name] ?? 0, n);
    }
  })();
  try {
    await work();
  } finally {
    working = false;
    await sampling;
  }
  return peaks;
}

test('the all-in-one process holds no more database connections than a web process and a worker', async () => {
  const exercise = async (origin: string) => {
    await convertPng(origin);
    await importUrl(origin, `${sourceOrigin}/missing.png`);
    await Promise.all([convertPng(origin), convertPng(origin)]);
  };
  const together = await peakConnections(database.name, () => exercise(allInOne.url));

  const apartDb = await scratchDatabase('apart');
  // One storage for both: the worker reads the inputs the web process stored.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-apart-'));
  const services: ServiceProcess[] = [];
  try {
    const settings = { ...PLAN_SETTINGS, OUTBOUND_ALLOW_HOSTS: new URL(sourceOrigin).host, DATA_DIR: dataDir };
    services.push(await startService('web', apartDb, settings));
    services.push(await startService('worker', apartDb, settings));
    const apart = await peakConnections(apartDb.name, () => exercise(services[0].url));

    console.log(`[connections] all-in-one ${JSON.stringify(together)}; apart ${JSON.stringify(apart)}`);
    expect(together['all-in-one'], JSON.stringify(together)).toBeGreaterThan(0);
    expect(apart.web, JSON.stringify(apart)).toBeGreaterThan(0);
    expect(apart.worker, JSON.stringify(apart)).toBeGreaterThan(0);
    // Each pool once: a pool the process opened twice would hold as many as the two processes.
    expect(together['all-in-one']).toBeLessThan(apart.web + apart.worker);
    expect(total(together)).toBeLessThanOrEqual(total(apart));
  } finally {
    for (const s of services) await s.stop();
    await apartDb.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

type RawRequest = { answer: () => string; closed: Promise<void>; sent: () => number; close: () => void };

/**
 * A multipart upload on a socket of its own that sends its head at once, then one byte of the file
 * every `everyMs` (or stops after `bytes`, and then sends nothing more).
 */
function slowUpload(origin: string, { everyMs, bytes = Infinity }: { everyMs: number; bytes?: number }): RawRequest {
  const { port } = new URL(origin);
  const boundary = 'slow-sender';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="target_format"\r\n\r\nwebp\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\n` +
    'Content-Type: image/png\r\n\r\n';
  const fileBytes = 50_000;
  const length = Buffer.byteLength(head) + fileBytes + `\r\n--${boundary}--\r\n`.length;
  const socket = net.connect(Number(port), '127.0.0.1');
  let answer = '';
  let sent = 0;
  socket.on('data', (b: Buffer) => (answer += b.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `POST /api/v1/convert/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n${head}`,
  );
  const timer = setInterval(() => {
    if (sent >= bytes || socket.destroyed) return clearInterval(timer);
    socket.write(png.subarray(sent % png.length, (sent % png.length) + 1));
    sent++;
  }, everyMs);
  void closed.then(() => clearInterval(timer));
  return { answer: () => answer, closed, sent: () => sent, close: () => socket.destroy() };
}

/** The files being written in the process's storage now (a put in progress: `<key>.<token>.part`). */
async function partialFiles(service: ServiceProcess): Promise<string[]> {
  const root = path.join(service.dataDir, 'files');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((e) => e.endsWith('.part'));
}

test('six slow uploads from one address leave its sign-in and a small conversion unhindered', async () => {
  const slow = Array.from({ length: 6 }, () => slowUpload(allInOne.url, { everyMs: 250 }));
  try {
    // Every one is past the gate and its file is being written, a byte at a time.
    await waitFor(
      () => partialFiles(allInOne),
      (files) => files.length === 6,
    );
    const signIn = await fetch(`${allInOne.url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
    });
    expect(signIn.status, await signIn.text()).toBe(401);
    await convertPng(allInOne.url);
    // The slow ones are still sending, unanswered (not stalled: a byte comes well within the limit).
    for (const s of slow) expect(s.answer()).toBe('');
  } finally {
    for (const s of slow) s.close();
  }
  // Their bodies broke off: what they had stored goes.
  await waitFor(
    () => partialFiles(allInOne),
    (files) => files.length === 0,
  );
});

test(`a body that stops arriving is answered 408 after BODY_IDLE_SECONDS and what it sent is removed`, async () => {
  const stalled = slowUpload(allInOne.url, { everyMs: 10, bytes: 5 });
  // Its file is being written...
  await waitFor(
    () => partialFiles(allInOne),
    (files) => files.length === 1,
  );
  await stalled.closed; // ...until the server ends the body
  const [statusLine] = stalled.answer().split('\r\n');
  expect(statusLine).toBe('HTTP/1.1 408 Request Timeout');
  const body = JSON.parse(/\{[^]*\}/.exec(stalled.answer())![0]) as { error: string; code: string };
  expect(body).toMatchObject({ code: 'request_timeout' });
  expect(body.error).toMatch(new RegExp(`nothing came for ${BODY_IDLE_SECONDS} s`));
  await waitFor(
    () => partialFiles(allInOne),
    (files) => files.length === 0,
  );
});
