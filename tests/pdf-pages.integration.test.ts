import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { db } from '@/lib/db';
import { PAGE_LIMITS } from '@/lib/engines/limits';
import { runConversion } from '@/lib/conversions/run-conversion';
import { pdfOfPages } from '@/tests/support/fixtures';
import { RouteClient, uploadForm } from '@/tests/support/route-client';

// PDF → PNG/JPEG/TIFF: one image per page; several pages come back as a ZIP of them.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-pages-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function convert(client: RouteClient, pdf: Buffer, target: string) {
  const res = await client.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(pdf, 'Report.pdf', target),
  });
  expect(res.status).toBe(201);
  const { id } = await res.json();
  const outcome = await runConversion(BigInt(id));
  return { id: String(id), outcome };
}

const fetchResult = (client: RouteClient, id: string) =>
  client.call(download.GET, { path: `/api/v1/convert/download/${id}`, params: { id } });

/** The entries of a ZIP, read back with the standard unzip. */
async function unzipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = path.join(dir, `r-${Date.now()}.zip`);
  await writeFile(file, zip);
  execFileSync('unzip', ['-tq', file]); // every CRC checks out
  const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n');
  return new Map(names.map((n) => [n, execFileSync('unzip', ['-p', file, n])]));
}

describe('PDF to images, page by page', () => {
  it('a three-page PDF to PNG downloads as Report.zip holding one PNG per page, in order', async () => {
    const client = new RouteClient();
    const { id, outcome } = await convert(client, pdfOfPages(3), 'png');
    expect(outcome).toBe('completed');
    expect((await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } })).resultParts).toBe(3);

    const res = await fetchResult(client, id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('Report.zip');
    const entries = await unzipEntries(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()]).toEqual(['page-1.png', 'page-2.png', 'page-3.png']);
    for (const png of entries.values()) {
      // A6 at 150 dpi: 619 × 875 pixels.
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 619, height: 875 });
    }
    // The pages differ (each shows its number).
    expect(new Set([...entries.values()].map((b) => b.toString('base64'))).size).toBe(3);
  });

  it('JPEG and TIFF pages too', async () => {
    const client = new RouteClient();
    for (const [target, format] of [
      ['jpg', 'jpeg'],
      ['tiff', 'tiff'],
    ] as const) {
      const { id, outcome } = await convert(client, pdfOfPages(2), target);
      expect(outcome).toBe('completed');
      const entries = await unzipEntries(Buffer.from(await (await fetchResult(client, id)).arrayBuffer()));
      expect(entries.size).toBe(2);
      for (const image of entries.values()) expect((await sharp(image).metadata()).format).toBe(format);
    }
  });

  it('a one-page PDF is still one plain image', async () => {
    const client = new RouteClient();
    const { id, outcome } = await convert(client, pdfOfPages(1), 'png');
    expect(outcome).toBe('completed');
    expect((await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } })).resultParts).toBeNull();
    const res = await fetchResult(client, id);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toContain('Report.png');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('png');
  });

  it(`more than ${PAGE_LIMITS.asImages} pages fails with a clear message, and leaves no result`, async () => {
    const client = new RouteClient();
    const { id, outcome } = await convert(client, pdfOfPages(PAGE_LIMITS.asImages + 1), 'png');
    expect(outcome).toBe('failed');
    const st = await client.call(status.GET, { path: `/api/v1/convert/status/${id}`, params: { id } });
    expect((await st.json()).error).toMatch(
      new RegExp(`${PAGE_LIMITS.asImages + 1} pages; at most ${PAGE_LIMITS.asImages}`),
    );
    expect((await fetchResult(client, id)).status).toBe(409);
  });
});
