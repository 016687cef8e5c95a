import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import * as cancel from '@/app/api/v1/conversions/[id]/cancel/route';
import { db } from '@/lib/db';
import { ocrPoolStatus, shutdownOcr, warmUpOcr } from '@/lib/engines/ocr/pool';
import { runConversion } from '@/lib/conversions/run-conversion';
import { ACTIVE_CONTENT, pdfBomb, pdfWithActiveContent } from '@/tests/fixtures/hostile-pdf';
import { RouteClient } from '@/tests/support/route-client';
import { postCompress, postOcr, runAndDownload, type Created } from '@/tests/support/tool-client';
import { waitFor } from '@/tests/support/wait-for';

// Hostile input to compression and OCR: active content in PDFs is stripped from the results,
// pixel floods and decompression bombs are refused or stay inside the sandbox, and a cancel
// during OCR ends the job and replaces the worker.

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tools-hostile-'));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

afterAll(async () => {
  await shutdownOcr();
});

const save = (bytes: Buffer, name: string) => {
  const file = path.join(tmp, `${Math.random()}-${name}`);
  writeFileSync(file, bytes);
  return file;
};

/** Every object uncompressed and readable (qpdf --qdf), so a name inside an object stream shows. */
const qdf = (bytes: Buffer) => run('qpdf', ['--qdf', '--object-streams=disable', save(bytes, 'r.pdf'), '-']);

/** A small PNG whose header claims 60 000 × 60 000 pixels (3.6 GP). */
async function pixelFlood(): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(60_000, 16);
  png.writeUInt32BE(60_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29); // IHDR's CRC covers its type and data
  return png;
}

/** Refused at upload (400) or failed as a job: never a result, never a 5xx. */
async function refused(client: RouteClient, res: Response): Promise<string> {
  if (res.status === 400) return ((await res.json()) as { error: string }).error;
  expect(res.status).toBe(201);
  const created = (await res.json()) as Created;
  expect(await runConversion(BigInt(created.id))).toBe('failed');
  const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(created.id) } });
  expect(row.status).toBe('failed');
  return row.error ?? '';
}

describe('hostile input to compression and OCR', () => {
  it('compress: JavaScript, launch and remote-file actions and attachments are gone; pages and URI links stay', async () => {
    const source = pdfWithActiveContent();
    expect(qdf(source)).toMatch(ACTIVE_CONTENT);
    const client = new RouteClient();
    const { bytes } = await runAndDownload(client, await postCompress(client, source, 'a.pdf'));
    const plain = qdf(bytes);
    expect(plain).not.toMatch(ACTIVE_CONTENT);
    expect(plain).toMatch(/\/URI \(https:\/\/example\.org\/\)/);
    expect(run('pdfinfo', [save(bytes, 'c.pdf')])).toMatch(/Pages:\s+2/);
    expect(run('pdftotext', [save(bytes, 't.pdf'), '-'])).toMatch(/Quarterly report/);
  });

  it('OCR to PDF: the original document is kept without its active content; pages and text stay', async () => {
    const client = new RouteClient();
    const { bytes } = await runAndDownload(
      client,
      await postOcr(client, pdfWithActiveContent(), 'a.pdf', { output: 'pdf' }),
    );
    expect(qdf(bytes)).not.toMatch(ACTIVE_CONTENT);
    expect(run('pdfinfo', [save(bytes, 'o.pdf')])).toMatch(/Pages:\s+2/);
    expect(run('pdftotext', [save(bytes, 'o.pdf'), '-'])).toMatch(/Quarterly report/);
  });

  it('a pixel flood (60 000 × 60 000 PNG header) is refused by compression and OCR', async () => {
    const png = await pixelFlood();
    const client = new RouteClient();
    expect(await refused(client, await postCompress(client, png, 'flood.png'))).toMatch(/too large|pixel|limit/i);
    expect(await refused(client, await postOcr(client, png, 'flood.png'))).toMatch(/too large|pixel|limit/i);
  });

  it('a decompression bomb PDF (256 MiB of content in 260 KB) stays bounded: refused or done, this process small', async () => {
    const bomb = pdfBomb(256);
    expect(bomb.length).toBeLessThan(1024 ** 2);
    const client = new RouteClient();
    const before = process.memoryUsage().rss;
    for (const res of [await postCompress(client, bomb, 'bomb.pdf'), await postOcr(client, bomb, 'bomb.pdf')]) {
      if (res.status === 400) continue;
      expect(res.status).toBe(201);
      const created = (await res.json()) as Created;
      expect(['completed', 'failed']).toContain(await runConversion(BigInt(created.id)));
    }
    // The content was inflated (if at all) by a sandboxed tool with its own memory limit.
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * 1024 ** 2);
  });

  it('cancel during OCR of a multi-page TIFF: the job ends cancelled and its worker is replaced', async () => {
    await warmUpOcr();
    const page = async (i: number) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="3508"><rect width="100%" height="100%" fill="white"/>` +
            Array.from(
              { length: 30 },
              (_, l) =>
                `<text x="100" y="${200 + l * 100}" font-size="60">Page ${i} line ${l} of a long scanned report</text>`,
            ).join('') +
            '</svg>',
        ),
      )
        .flatten({ background: '#fff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
    const pages = await Promise.all([1, 2, 3, 4, 5, 6].map(page));
    const { width, height, channels } = pages[0].info;
    const tiff = await sharp(Buffer.concat(pages.map((p) => p.data)), {
      raw: { width, height: height * pages.length, channels, pageHeight: height },
    })
      .tiff({ compression: 'lzw' })
      .toBuffer();
    const client = new RouteClient();
    const res = await postOcr(client, tiff, 'long.tiff', { output: 'txt' });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as Created;
    const before = new Set(ocrPoolStatus().map((s) => s.dir));
    const job = runConversion(BigInt(id));
    // Recognising: past the page split, before the last page.
    await waitFor(
      async () => (await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } })).progress,
      (progress) => progress >= 5 && ocrPoolStatus().some((s) => s.busy),
    );
    const params = { id: String(id) };
    const cancelled = await client.call(cancel.POST, {
      method: 'POST',
      path: `/api/v1/conversions/${id}/cancel`,
      params,
    });
    expect(cancelled.status).toBe(200);
    expect(await job).toBe('skipped');
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(row.status).toBe('cancelled');
    await waitFor(
      () => [...before].filter((dir) => dir && !existsSync(dir)),
      (gone) => gone.length === 1,
    );
    expect(ocrPoolStatus().map((s) => s.dir)).not.toEqual([...before]);

    // The pool still reads the next page.
    const next = await runAndDownload(
      client,
      await postOcr(client, await sharp(pages[0].data, { raw: pages[0].info }).png().toBuffer(), 'p.png'),
    );
    expect(next.bytes.toString('utf8')).toMatch(/Page 1 line 0/);
  });
});
