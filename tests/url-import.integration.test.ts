import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as uploadUrl from '@/app/api/v1/convert/upload-url/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import { installLoopbackOnlyGuard } from '@/tests/support/loopback-only';
import { localServers } from '@/tests/support/local-servers';
import { storage } from '@/lib/storage';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { overrideEnv, withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';

// URL import end to end through the route handler and the job, against local servers named in
// OUTBOUND_ALLOW_HOSTS. Connections to anything but loopback throw (the guard), so no packet
// leaves this machine even if the code were wrong.

let origin: string;
let stranger: string;
const strangerHits: string[] = [];
let png: Buffer;
let restoreEnv: () => void;
let removeGuard: () => void;
const servers = localServers();

beforeAll(async () => {
  removeGuard = installLoopbackOnlyGuard();
  png = await makePng();
  origin = await servers.listen((req, res) => {
    const u = new URL(req.url!, 'http://x');
    if (u.pathname === '/files/photo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (u.pathname === '/download') {
      return void res.writeHead(200, { 'content-disposition': 'attachment; filename="holiday.png"' }).end(png);
    }
    if (u.pathname === '/big.png') return void res.end(Buffer.concat([png, Buffer.alloc(200_000)]));
    if (u.pathname === '/slow.png') return; // never answers
    if (u.pathname === '/blob.png') return void res.end(Buffer.from([0x00, 0x9c, 0xff, 0x13, 0x37, 0x00, 0x42, 0xee]));
    if (u.pathname === '/redirect') return void res.writeHead(302, { location: u.searchParams.get('to')! }).end();
    res.writeHead(404).end('not here');
  });
  stranger = await servers.listen((req, res) => {
    strangerHits.push(req.url!);
    res.end(png);
  });
  restoreEnv = overrideEnv({ OUTBOUND_ALLOW_HOSTS: new URL(origin).host });
});

afterAll(() => {
  restoreEnv();
  removeGuard();
  servers.closeAll();
});

async function importUrl(client: RouteClient, body: Record<string, unknown>) {
  return client.call(uploadUrl.POST, { method: 'POST', path: '/api/v1/convert/upload-url', ...jsonBody(body) });
}

async function importAndRun(body: Record<string, unknown>) {
  const client = new RouteClient();
  const res = await importUrl(client, body);
  expect(res.status).toBe(201);
  const created = await res.json();
  const outcome = await runConversion(BigInt(created.id));
  const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(created.id) } });
  return { client, created, outcome, row };
}

describe('POST /api/v1/convert/upload-url', () => {
  it('fetches from a local file server in the job, detects the format and converts', async () => {
    const client = new RouteClient();
    const res = await importUrl(client, { url: `${origin}/files/photo.png`, target_format: 'webp' });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      status: 'pending',
      progress: 0,
      original_file_name: 'photo.png',
      original_format: 'png',
      target_format: 'webp',
    });
    expect(await runConversion(BigInt(created.id))).toBe('completed');
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(created.id) } });
    expect(row).toMatchObject({ originalFormat: 'png', inputSize: BigInt(png.length), status: 'completed' });
    expect(await storage().size(row.resultKey)).toBeGreaterThan(0);
    const st = await client.call(status.GET, {
      path: `/api/v1/convert/status/${created.id}`,
      params: { id: String(created.id) },
    });
    expect((await st.json()).conversion).toMatchObject({ status: 'completed', original_file_name: 'photo.png' });
  });

  it('guesses original_format from file_name, else the URL path, fetches all the same and keeps what the bytes are', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ url: `${origin}/files/photo.png`, file_name: 'scan.JPEG' }, 'jpg'],
      [{ url: `${origin}/files/photo.png`, file_name: 'notes' }, 'png'],
      [{ url: `${origin}/download` }, ''],
    ];
    for (const [body, guess] of cases) {
      const { created, outcome, row } = await importAndRun({ ...body, target_format: 'webp' });
      expect(created.original_format, JSON.stringify(body)).toBe(guess);
      expect(outcome).toBe('completed');
      expect(row).toMatchObject({ originalFormat: 'png', inputSize: BigInt(png.length) });
      expect(row.sourceFetchedAt).not.toBeNull();
    }
  });

  it('names the file from file_name, else Content-Disposition, else the URL path', async () => {
    expect((await importAndRun({ url: `${origin}/download`, target_format: 'jpg' })).row.originalFileName).toBe(
      'holiday.png',
    );
    const given = await importAndRun({ url: `${origin}/download`, target_format: 'jpg', file_name: 'mine.png' });
    expect(given.row.originalFileName).toBe('mine.png');
    expect(given.outcome).toBe('completed');
  });

  it.each([
    ['ftp scheme', 'ftp://example.com/a.png'],
    ['file scheme', 'file:///etc/passwd'],
    ['credentials', 'http://user:secret@example.com/a.png'],
    ['localhost', 'http://localhost/a.png'],
    ['loopback in decimal', 'http://2130706433/a.png'],
    ['IPv6 loopback', 'http://[::1]/a.png'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/a.png'],
    ['metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['private address', 'http://10.0.0.1/a.png'],
    ['loopback port not on the allow-list', 'STRANGER'],
    ['not a URL', 'not a url'],
  ])('%s → 400 at once, nothing created', async (_label, url) => {
    const before = await db.conversion.count();
    const res = await importUrl(new RouteClient(), {
      url: url === 'STRANGER' ? `${stranger}/a.png` : url,
      target_format: 'webp',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: expect.any(String),
      code: expect.stringMatching(/refused_destination|validation_failed/),
    });
    expect(await db.conversion.count()).toBe(before);
    expect(strangerHits).toEqual([]);
  });

  it('an unknown target format → 400', async () => {
    const res = await importUrl(new RouteClient(), { url: `${origin}/files/photo.png`, target_format: 'nope' });
    expect(res.status).toBe(400);
  });

  it('a 404 from the origin fails the conversion with a clear error', async () => {
    const { outcome, row } = await importAndRun({ url: `${origin}/missing.png`, target_format: 'webp' });
    expect(outcome).toBe('failed');
    expect(row.error).toMatch(/HTTP 404/);
    expect(await storage().size(row.inputKey)).toBeNull();
  });

  it("a body over the plan's upload limit fails the conversion and keeps nothing", async () => {
    await withEnv({ PLAN_FREE_MAX_UPLOAD_BYTES: '100000' }, async () => {
      const { outcome, row } = await importAndRun({ url: `${origin}/big.png`, target_format: 'webp' });
      expect(outcome).toBe('failed');
      expect(row.error).toMatch(/larger than the plan's limit/);
      expect(await storage().size(row.inputKey)).toBeNull();
    });
  });

  it('a server that never answers fails the conversion after the fetch timeout', async () => {
    await withEnv({ URL_IMPORT_TIMEOUT_SECONDS: '1' }, async () => {
      const { outcome, row } = await importAndRun({ url: `${origin}/slow.png`, target_format: 'webp' });
      expect(outcome).toBe('failed');
      expect(row.error).toMatch(/timed out/);
    });
  });

  it('a redirect to a private address or an unlisted loopback port fails the conversion', async () => {
    for (const to of ['http://169.254.169.254/latest/meta-data/', 'http://[::1]/', `${stranger}/a.png`]) {
      const { outcome, row } = await importAndRun({
        url: `${origin}/redirect?to=${encodeURIComponent(to)}`,
        target_format: 'webp',
      });
      expect(outcome).toBe('failed');
      expect(row.error).toMatch(/Could not import the URL: .*(private|reserved)/);
    }
    expect(strangerHits).toEqual([]);
  });

  it('bytes that match no format fail the conversion', async () => {
    const { outcome, row } = await importAndRun({ url: `${origin}/blob.png`, target_format: 'webp' });
    expect(outcome).toBe('failed');
    expect(row.error).toMatch(/Unrecognised file format/);
  });
});
