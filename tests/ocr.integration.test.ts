import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sharpPoolStatus } from '@/lib/engines/sharp/pool';
import * as languages from '@/app/api/v1/tools/ocr/languages/route';
import { RouteClient } from '@/tests/support/route-client';
import { postOcr, runAndDownload } from '@/tests/support/tool-client';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'ocr-test-'));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

/** A 300 dpi-like page image with known lines of text, rendered by sharp from SVG. */
const page = (lines: string[]) => {
  const text = lines.map(
    (l, i) => `<text x="120" y="${300 + i * 140}" font-family="DejaVu Sans" font-size="72">${l}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="1200"><rect width="100%" height="100%" fill="white"/>${text.join('')}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#fff' }).png();
};

const pdftotext = (bytes: Buffer) => {
  const file = path.join(tmp, `r-${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  return { text: run('pdftotext', [file, '-']), pages: Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [file]))?.[1]) };
};

describe('OCR', () => {
  it('lists the installed languages (the traineddata files)', async () => {
    const res = await new RouteClient().call(languages.GET, { path: '/api/v1/tools/ocr/languages' });
    const { languages: list } = (await res.json()) as { languages: Array<{ code: string; name: string }> };
    const installed = readdirSync('/usr/share/tesseract-ocr/5/tessdata')
      .filter((f) => f.endsWith('.traineddata') && f !== 'osd.traineddata')
      .map((f) => f.replace('.traineddata', ''))
      .sort();
    expect(list.map((l) => l.code)).toEqual(installed);
    for (const code of ['eng', 'deu', 'fra', 'spa', 'ita', 'por', 'nld']) expect(installed).toContain(code);
    expect(list.find((l) => l.code === 'deu')?.name).toBe('German');
  });

  it('a page image → txt with its words, its header checked in the one sharp request that reads it', async () => {
    const client = new RouteClient();
    const png = await page(['Invoice number 4711', 'Transmute reads scans']).toBuffer();
    const sharpRequests = () => sharpPoolStatus().reduce((n, s) => n + s.jobs, 0);
    const before = sharpRequests();
    const { created, bytes } = await runAndDownload(
      client,
      await postOcr(client, png, 'scan.png', { language: 'eng', output: 'txt' }),
    );
    expect(created.target_format).toBe('txt');
    const text = bytes.toString('utf8');
    expect(text).toMatch(/Invoice number 4711/);
    expect(text).toMatch(/Transmute reads scans/);
    expect(sharpRequests() - before).toBe(1);
  });

  it('a page scanned at an angle (4° one way, grey; 3° the other, RGB) → txt with its words (deskewed)', async () => {
    // Tesseract's own layout analysis finds an empty page at 3° or more: this fails without deskew.
    const client = new RouteClient();
    const lines = ['Invoice number 4711', 'Transmute reads scans', 'Skewed pages are read too'];
    // One grey (the worker hands tesseract a PGM), one RGB (the PNG as it is).
    for (const [degrees, space] of [
      [4, 'b-w'],
      [-3, 'srgb'],
    ] as const) {
      const png = await sharp(await page(lines).toBuffer())
        .rotate(degrees, { background: '#fff' })
        .toColourspace(space)
        .png()
        .toBuffer();
      const { bytes } = await runAndDownload(
        client,
        await postOcr(client, png, 'skewed.png', { language: 'eng', output: 'txt' }),
      );
      const text = bytes.toString('utf8');
      for (const line of lines) expect(text).toContain(line);
    }
  });

  it('a two-column page is read column by column (automatic page segmentation, as the CLI)', async () => {
    // As one block of text (tesseract's API default) each line would run across both columns.
    const client = new RouteClient();
    const words = ['alpha', 'beta', 'gamma', 'delta', 'kappa', 'sigma', 'omega'];
    const column = (x: number, y0: number, first: string, last: string) =>
      [
        first,
        ...Array.from({ length: 12 }, (_, i) => `${words[i % 7]} ${words[(i * 3) % 7]} ${words[(i + 4) % 7]}`),
        last,
      ]
        .map((line, i) => `<text x="${x}" y="${y0 + i * 80}" font-family="DejaVu Serif" font-size="40">${line}</text>`)
        .join('');
    const left = column(150, 200, 'Left column starts', 'Left column ends');
    const right = column(1300, 230, 'Right column starts', 'Right column ends');
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="1500"><rect width="100%" height="100%" ` +
      `fill="white"/>${left}${right}</svg>`;
    const png = await sharp(Buffer.from(svg)).flatten({ background: '#fff' }).png().toBuffer();
    const { bytes } = await runAndDownload(client, await postOcr(client, png, 'columns.png', { output: 'txt' }));
    const text = bytes.toString('utf8');
    const order = ['Left column starts', 'Left column ends', 'Right column starts', 'Right column ends'];
    for (const line of order) expect(text).toContain(line);
    expect(order.map((line) => text.indexOf(line))).toEqual(
      order.map((line) => text.indexOf(line)).sort((x, y) => x - y),
    );
  });

  it('a multi-page TIFF → searchable PDF, one page per image page; txt pages split by form feeds', async () => {
    const client = new RouteClient();
    const one = await page(['First page here']).raw().toBuffer({ resolveWithObject: true });
    const two = await page(['Second page there']).raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = one.info;
    const tiff = await sharp(Buffer.concat([one.data, two.data]), {
      raw: { width, height: height * 2, channels, pageHeight: height },
    })
      .tiff({ compression: 'lzw' })
      .toBuffer();
    expect((await sharp(tiff).metadata()).pages).toBe(2);
    const pdf = await runAndDownload(
      client,
      await postOcr(client, tiff, 'pages.tiff', { language: 'eng', output: 'pdf' }),
    );
    const read = pdftotext(pdf.bytes);
    expect(read.pages).toBe(2);
    expect(read.text).toMatch(/First page here/);
    expect(read.text).toMatch(/Second\s+page\s+there/);
    const txt = await runAndDownload(client, await postOcr(client, tiff, 'pages.tiff', { language: 'eng+deu' }));
    const pages = txt.bytes.toString('utf8').split('\f');
    expect(pages).toHaveLength(2);
    expect(pages[1]).toMatch(/Second page there/);
  });

  it('an image-only PDF → a searchable PDF with the same pages whose pdftotext has the words', async () => {
    const client = new RouteClient();
    const img = path.join(tmp, 'scan.png');
    await page(['Quarterly report draft', 'Budget approved']).toFile(img);
    const input = path.join(tmp, 'scan.pdf');
    run('img2pdf', ['--pagesize', 'A4^T', '--output', input, img, img]);
    const source = readFileSync(input);
    expect(pdftotext(source).text.trim()).toBe('');
    const { created, bytes } = await runAndDownload(
      client,
      await postOcr(client, source, 'scan.pdf', { output: 'pdf' }),
    );
    expect(created).toMatchObject({ original_format: 'pdf', target_format: 'pdf' });
    const read = pdftotext(bytes);
    expect(read.pages).toBe(2);
    expect(read.text).toMatch(/Quarterly report draft/);
    const txt = await runAndDownload(client, await postOcr(client, source, 'scan.pdf', { output: 'txt' }));
    expect(txt.bytes.toString('utf8')).toMatch(/Budget approved/);
  });

  it('refuses a language that is not installed (listing the valid codes) and a bad output', async () => {
    const png = await page(['x']).toBuffer();
    const bad = await postOcr(new RouteClient(), png, 'a.png', { language: 'eng+klingon' });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.code).toBe('validation_failed');
    expect(body.error).toMatch(/klingon.*eng, .*fra/);
    const output = await postOcr(new RouteClient(), png, 'a.png', { output: 'docx' });
    expect(output.status).toBe(400);
    const text = await postOcr(new RouteClient(), Buffer.from('plain text'), 'a.txt');
    expect(text.status).toBe(400);
    expect((await text.json()).error).toMatch(/OCR does not read TXT/);
  });
});
