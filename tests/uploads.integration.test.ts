import { readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as batchUpload from '@/app/api/v1/batch/upload/route';
import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { RouteClient } from '@/tests/support/route-client';
import { makePng } from '@/tests/support/fixtures';

const BOUNDARY = 'cut-short-boundary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const fieldPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePartHeader = (fileName: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
  'Content-Type: image/png\r\n\r\n';

/** Everything under the files folder (inputs, results, .part files). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(config.filesDir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((e) => e.includes(path.sep)).sort();
}

/** File descriptors of this process that point into the files folder. */
async function openFilesUnderStore(): Promise<number> {
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((t) => t.startsWith(config.filesDir)).length;
}

/** A request body that sends `chunks` (with a pause, as a network would), then errors or just ends. */
function bodyStream(chunks: Array<string | Buffer>, ending: 'error' | 'end'): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((r) => setTimeout(r, 5));
      if (sent < chunks.length) return controller.enqueue(new Uint8Array(Buffer.from(chunks[sent++])));
      if (ending === 'error') controller.error(new Error('client went away'));
      else controller.close();
    },
  });
}

async function expectPromptly<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not answered within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function post(body: BodyInit, contentType = CONTENT_TYPE) {
  const client = new RouteClient();
  const call = client.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body,
    headers: { 'content-type': contentType },
  });
  return expectPromptly(call);
}

describe('uploads that break off or are malformed', () => {
  it.each([
    ['the client drops mid-file', 'error'],
    ['the body ends without the closing boundary', 'end'],
  ] as const)('%s: 400 at once, no partial file, no open file handle', async (_name, ending) => {
    const png = await makePng(400, 300);
    const before = { files: await storedFiles(), fds: await openFilesUnderStore(), rows: await db.conversion.count() };
    const chunks = [fieldPart('target_format', 'webp') + filePartHeader('photo.png'), png, Buffer.alloc(256 * 1024, 7)];

    const res = await post(bodyStream(chunks, ending) as BodyInit);

    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_request' });
    expect(await storedFiles()).toEqual(before.files);
    expect(await db.conversion.count()).toBe(before.rows);
    await expect.poll(openFilesUnderStore, { timeout: 2000 }).toBe(before.fds);
  });

  it('a second file part answers 400 and keeps neither file', async () => {
    const png = await makePng();
    const before = await storedFiles();
    const raw = Buffer.concat([
      Buffer.from(fieldPart('target_format', 'webp') + filePartHeader('one.png')),
      png,
      Buffer.from(`\r\n${filePartHeader('two.png')}`),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const res = await post(raw);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/one file per upload/i);
    expect(await storedFiles()).toEqual(before);
  });

  it.each([
    ['/api/v1/convert/upload', upload.POST],
    ['/api/v1/batch/upload', batchUpload.POST],
  ] as const)(
    '50,000 form fields before the real ones answer 400 naming them on %s, nothing kept',
    async (p, handler) => {
      const png = await makePng();
      const before = await storedFiles();
      const raw = Buffer.concat([
        Buffer.from(Array.from({ length: 50_000 }, (_, i) => fieldPart(`f${i}`, 'x')).join('')),
        Buffer.from(fieldPart('target_format', 'webp') + filePartHeader('photo.png')),
        png,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      const res = await expectPromptly(
        new RouteClient().call(handler, {
          method: 'POST',
          path: p,
          body: raw,
          headers: { 'content-type': CONTENT_TYPE },
        }),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'bad_request',
        error: expect.stringMatching(/Too many form fields/),
      });
      expect(await storedFiles()).toEqual(before);
    },
  );

  it('a multipart Content-Type without a boundary answers 400', async () => {
    const raw = Buffer.from(fieldPart('target_format', 'webp'));
    const missing = ['', '; charset=utf-8', '; boundary=', '; boundary', '; boundary="'];
    for (const contentType of missing.map((params) => `multipart/form-data${params}`)) {
      const res = await post(raw, contentType);
      expect(res.status, contentType).toBe(400);
      expect((await res.json()).code, contentType).toBe('bad_request');
    }
  });
});
