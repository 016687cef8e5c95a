import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as convert from '@/app/api/v1/convert/route';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { config } from '@/lib/config';
import { signedClientAddressHeaders } from '@/lib/identity/client-address';
import { db } from '@/lib/db';
import { runWorker } from '@/lib/processes/run-worker';
import { CONCURRENT_REQUESTS_PER_SUBJECT } from '@/lib/limits/concurrent-requests';
import { AV, media } from '@/tests/support/convert-options';
import { withEnv } from '@/tests/support/env';
import { makePng, pdfOfPages } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { RouteClient } from '@/tests/support/route-client';
import { waitFor } from '@/tests/support/wait-for';

// POST /api/v1/convert against a real worker (pg-boss queue, sandboxed engines), as clients call it.

/** Everything under the files folder (inputs, results, .part files). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(config.filesDir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((e) => e.includes(path.sep)).sort();
}

type Fields = { target_format?: string; options?: string; wait?: string };

function form(file: Buffer | undefined, name: string, fields: Fields): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file) body.append('file', new Blob([new Uint8Array(file)]), name);
  return body;
}

const post = (client: RouteClient, file: Buffer | undefined, name: string, fields: Fields, query = '') =>
  client.call(convert.POST, { method: 'POST', path: `/api/v1/convert${query}`, body: form(file, name, fields) });

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString() === 'RIFF' && bytes.subarray(8, 12).toString() === 'WEBP';

let stop: (() => Promise<void>) | undefined;
// Rows from before this file (other files leave some pending, their jobs emptied) are not its own.
let fileStart: Date;
beforeAll(async () => {
  fileStart = new Date();
  await emptyConversionQueue();
});
afterAll(async () => stop?.());

describe('POST /api/v1/convert while it waits', () => {
  it("gives back the caller's place among its concurrent requests, so more than that many can wait at once", async () => {
    const client = new RouteClient();
    const places = CONCURRENT_REQUESTS_PER_SUBJECT + 1;
    const before = await db.conversion.count();
    const settled: number[] = [];
    const answers = Array.from({ length: places }, async (_, i) => {
      const res = await post(client, await makePng(), `p${i}.png`, { target_format: 'webp', wait: '60' });
      settled.push(res.status);
      return res;
    });
    // No worker runs yet: every request has created its conversion and is waiting for it.
    await waitFor(
      () => db.conversion.count(),
      (n) => n === before + places,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(settled).toEqual([]);
    stop = await runWorker();
    const statuses = await Promise.all(answers.map(async (answer) => (await answer).status));
    expect(statuses).toEqual(Array(places).fill(200));
  });
});

describe('POST /api/v1/convert: one request, the converted file back', () => {
  beforeAll(async () => {
    stop ??= await runWorker();
  });

  it('answers 200 with the result and records the same conversion as an upload', async () => {
    const client = new RouteClient();
    const res = await post(client, await makePng(400, 300), 'holiday photo.png', {
      target_format: 'webp',
      options: '{"width": 200}',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="holiday photo\.webp"$/);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(isWebp(bytes)).toBe(true);

    const id = res.headers.get('x-conversion-id')!;
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(row).toMatchObject({ status: 'completed', progress: 100, originalFormat: 'png', targetFormat: 'webp' });
    expect(row.options).toMatchObject({ width: 200 });
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now());
    // The same result stays downloadable, by the same caller, like any conversion's.
    const again = await client.call(download.GET, { path: `/api/v1/convert/download/${id}`, params: { id } });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers a result of several files with their ZIP, named and sized as its completion stored them', async () => {
    const res = await post(new RouteClient(), pdfOfPages(2), 'Minutes.pdf', { target_format: 'png' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?Minutes\.zip"?$/);
    const zip = Buffer.from(await res.arrayBuffer());
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(res.headers.get('x-conversion-id')!) } });
    expect(row.resultParts).toBe(2);
    expect(Number(res.headers.get('content-length'))).toBe(zip.length);
    expect(zip.length).toBe(Number(row.resultSize));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'one-request-zip-'));
    try {
      await writeFile(path.join(dir, 'r.zip'), zip);
      const entries = execFileSync('zipinfo', ['-1', path.join(dir, 'r.zip')], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(entries).toHaveLength(2);
      expect(entries.every((e) => e.endsWith('.png'))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers 422 with the reason when the conversion fails', async () => {
    // A PNG with its header but no pixel data: detection accepts it, the sharp worker's header check refuses it.
    const png = await makePng(32, 32);
    const broken = Buffer.concat([png.subarray(0, 33), png.subarray(png.length - 12)]);
    const res = await post(new RouteClient(), broken, 'broken.png', { target_format: 'jpg' });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('conversion_failed');
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(res.headers.get('x-conversion-id')!) } });
    expect(row.status).toBe('failed');
    expect(body.error).toBe(row.error);
  });

  it('answers 202 with the Conversion and its status Location when `wait` passes; the conversion goes on', async () => {
    const client = new RouteClient();
    // Long enough that it cannot end within the bound, however fast one ffmpeg run has become.
    const video = media('mp4', AV(20));
    const res = await post(client, video, 'clip.mp4', { target_format: 'webm' }, '?wait=0.2');
    expect(res.status).toBe(202);
    const conversion = await res.json();
    expect(conversion).toMatchObject({ original_format: 'mp4', target_format: 'webm' });
    expect(['pending', 'processing']).toContain(conversion.status);
    expect(res.headers.get('x-conversion-id')).toBe(String(conversion.id));
    expect(res.headers.get('location')).toBe(`http://localhost:3000/api/v1/convert/status/${conversion.id}`);

    const id = String(conversion.id);
    const done = await waitFor(
      async () =>
        (
          await client.call(status.GET, { path: new URL(res.headers.get('location')!).pathname, params: { id } })
        ).json(),
      (body) => body.conversion.status !== 'pending' && body.conversion.status !== 'processing',
      { timeoutMs: 90_000, intervalMs: 250 },
    );
    expect(done.conversion.status).toBe('completed');
  });

  it('takes `wait` from the form as well, and waits that long', async () => {
    const res = await post(new RouteClient(), media('mp4', AV(3)), 'clip.mp4', { target_format: 'webm', wait: '0' });
    expect(res.status).toBe(202);
  });

  it('stops waiting for a client that has gone: the conversion goes on without it', async () => {
    const body = new Response(form(media('mp4', AV(3)), 'clip.mp4', { target_format: 'webm', wait: '60' }));
    const gone = new AbortController();
    gone.abort();
    const request = new Request('http://localhost:3000/api/v1/convert', {
      method: 'POST',
      headers: {
        'content-type': body.headers.get('content-type')!,
        ...signedClientAddressHeaders('198.51.100.7-gone'),
      },
      body: new Uint8Array(await body.arrayBuffer()),
      signal: gone.signal,
    });
    // Had it waited (up to the 60 s asked for), the short clip would have come back with 200.
    const res = await convert.POST(request, { params: Promise.resolve({}) });
    expect(res.status).toBe(202);
  });

  describe('bad input answers 400 and keeps nothing', () => {
    // The conversions the tests above left running write their results meanwhile: let them end
    // first, so that a file or row appearing below is one of these requests'.
    beforeAll(() =>
      waitFor(
        () =>
          db.conversion.count({ where: { createdAt: { gte: fileStart }, status: { in: ['pending', 'processing'] } } }),
        (running) => running === 0,
        { timeoutMs: 120_000, intervalMs: 250 },
      ),
    );

    const cases: Array<[string, Buffer | undefined, Fields, string, RegExp]> = [
      ['no file', undefined, { target_format: 'webp' }, '', /No file uploaded/],
      ['no target', Buffer.alloc(0), {}, '', /target_format/],
      ['a target the file has none of', Buffer.alloc(0), { target_format: 'docx' }, '', /./],
      ['a wait that is not a number', Buffer.alloc(0), { target_format: 'webp' }, '?wait=soon', /"wait"/],
      ['a negative wait', Buffer.alloc(0), { target_format: 'webp' }, '?wait=-1', /"wait"/],
      ['a wait past ENGINE_TIMEOUT_SECONDS', Buffer.alloc(0), { target_format: 'webp' }, '?wait=301', /from 0 to 300/],
      ['a bad wait in the form', Buffer.alloc(0), { target_format: 'webp', wait: '1e3' }, '', /"wait"/],
      ['wait in both query and form', Buffer.alloc(0), { target_format: 'webp', wait: '5' }, '?wait=5', /once/],
      ['bad options', Buffer.alloc(0), { target_format: 'webp', options: '{"crf": 20}' }, '', /crf/],
    ];
    it.each(cases)('%s', async (_name, file, fields, query, message) => {
      const png = file && (await makePng());
      const before = { files: await storedFiles(), rows: await db.conversion.count() };
      const res = await withEnv({ ENGINE_TIMEOUT_SECONDS: '300' }, () =>
        post(new RouteClient(), png, 'photo.png', fields, query),
      );
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error).toMatch(message);
      expect(res.headers.get('x-conversion-id')).toBeNull();
      expect(await storedFiles()).toEqual(before.files);
      expect(await db.conversion.count()).toBe(before.rows);
    });
  });
});
