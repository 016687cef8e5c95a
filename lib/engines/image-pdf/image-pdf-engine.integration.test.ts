import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseConvertOptions } from '@/lib/conversions/convert-options';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { inspectAndConvert } from '@/tests/fixtures/engine-job';
import { jobsRemovedAfterEach } from '@/tests/fixtures/engine-jobs-removed';
import { BLUE, GREEN, halves, near, pdfPages, RED, renderPdf, WHITE } from '@/tests/fixtures/picture-checks';
import { imagePdfEngine } from './image-pdf-engine';
import { PAGE_LIMITS } from '../limits';
import { findEngine } from '../registry';

// Pictures → PDF, read back with poppler: the page is the upright picture, over white, at its
// proportions (or on the paper asked for), JPEG embedded as it is.

const job = jobsRemovedAfterEach();

const convert = async (input: Buffer, from: FormatName, options: Record<string, unknown> = {}) => {
  const j = await job(input, from, 'pdf');
  j.options = parseConvertOptions(from, 'pdf', options);
  await inspectAndConvert(imagePdfEngine, j);
  return j.outputPath;
};

/** The images poppler extracts from a PDF as they are stored (`pdfimages -all`), in order. */
function extractedImages(pdf: string): Buffer[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdfimages-'));
  try {
    execFileSync('pdfimages', ['-all', pdf, path.join(dir, 'img')]);
    return readdirSync(dir)
      .sort()
      .map((f) => readFileSync(path.join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Left half red, right half blue: the two-colour picture each format carries. */
const redBlue = (width = 60, height = 30) => halves(width, height, '#f00', '#00f');

/** The rendered page is the 2:1 red | blue picture. */
async function expectRedBluePage(pdf: string): Promise<void> {
  const { count, sizes } = pdfPages(pdf);
  expect(count).toBe(1);
  expect(sizes[0][0] / sizes[0][1]).toBeCloseTo(2, 1);
  const [page] = await renderPdf(pdf, 144);
  expect(near(page.at(page.width * 0.25, page.height / 2), RED)).toBe(true);
  expect(near(page.at(page.width * 0.75, page.height / 2), BLUE)).toBe(true);
}

describe('pictures → PDF', () => {
  it('claims every picture → PDF pair, BMP included (a page with the picture, not a traced outline)', () => {
    for (const from of ['jpg', 'png', 'webp', 'heic', 'avif', 'tiff', 'gif', 'bmp', 'pbm', 'pgm', 'ppm'] as const) {
      expect(findEngine(from, 'pdf')?.name, from).toBe('image-pdf');
    }
  });

  it('embeds a JPEG stream as it is and turns the page by its EXIF orientation', async () => {
    // Stored 40×20, red left and blue right; orientation 6 shows it turned a quarter clockwise: 20×40, red on top.
    const jpg = await sharp(await halves(40, 20, '#f00', '#00f'))
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const pdf = await convert(jpg, 'jpg');
    expect(execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' })).toMatch(
      /^\s+1\s+0 image\s+40\s+20 .* jpeg /m,
    );
    expect(extractedImages(pdf)).toEqual([jpg]);
    const [w, h] = pdfPages(pdf).sizes[0];
    expect(h / w).toBeCloseTo(2, 1);
    const [page] = await renderPdf(pdf, 144);
    expect(page.height).toBeGreaterThan(page.width);
    expect(near(page.at(page.width / 2, page.height * 0.25), RED)).toBe(true);
    expect(near(page.at(page.width / 2, page.height * 0.75), BLUE)).toBe(true);
  });

  it('makes a mirrored JPEG (EXIF orientation 2) upright pixels: red on the right', async () => {
    const jpg = await sharp(await redBlue())
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 2 })
      .toBuffer();
    const [page] = await renderPdf(await convert(jpg, 'jpg'), 144);
    expect(near(page.at(page.width * 0.25, page.height / 2), BLUE)).toBe(true);
    expect(near(page.at(page.width * 0.75, page.height / 2), RED)).toBe(true);
  });

  it('lays a transparent PNG over white', async () => {
    const png = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect x="20" width="20" height="40" fill="#00f"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).hasAlpha).toBe(true);
    const [page] = await renderPdf(await convert(png, 'png'), 144);
    expect(near(page.at(page.width * 0.25, page.height / 2), WHITE, 2)).toBe(true);
    expect(near(page.at(page.width * 0.75, page.height / 2), BLUE)).toBe(true);
  });

  it('gives each page of a multi-page TIFF its PDF page, pages of different sizes too', async () => {
    const page = (w: number, h: number, c: string) =>
      sharp({ create: { width: w, height: h, channels: 3, background: c } })
        .png()
        .toBuffer();
    const same = await sharp([await page(40, 30, '#f00'), await page(40, 30, '#0f0'), await page(40, 30, '#00f')], {
      join: { animated: true },
    })
      .tiff({ compression: 'lzw' })
      .toBuffer();
    const pdf = await convert(same, 'tiff');
    expect(pdfPages(pdf).count).toBe(3);
    const colours = (await renderPdf(pdf)).map((p) => p.at(p.width / 2, p.height / 2));
    expect([RED, GREEN, BLUE].every((c, i) => near(colours[i], c))).toBe(true);

    const j = await job(Buffer.alloc(0), 'tiff', 'pdf');
    const [a, b] = [path.join(j.workDir, 'a.png'), path.join(j.workDir, 'b.png')];
    await writeFile(a, await page(40, 30, '#f00'));
    await writeFile(b, await page(80, 20, '#00f'));
    execFileSync('convert', [a, b, j.inputPath]);
    await inspectAndConvert(imagePdfEngine, j);
    const { sizes } = pdfPages(j.outputPath);
    expect(sizes.map(([w, h]) => Math.round((w / h) * 10) / 10)).toEqual([1.3, 4]);
  });

  it(`refuses a TIFF of more than ${PAGE_LIMITS.fromImage} pages from its header`, async () => {
    const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const many = await sharp(Array<Buffer>(PAGE_LIMITS.fromImage + 1).fill(dot), { join: { animated: true } })
      .tiff()
      .toBuffer();
    const j = await job(many, 'tiff', 'pdf');
    await expect(inspectAndConvert(imagePdfEngine, j)).rejects.toSatisfy(
      (e) =>
        e instanceof AppError &&
        e.message === `The image has ${PAGE_LIMITS.fromImage + 1} pages; at most ${PAGE_LIMITS.fromImage} are read.`,
    );
    expect(existsSync(j.outputPath)).toBe(false);
  });

  it('puts the picture on A4 or Letter paper, and leaves a white margin', async () => {
    const portrait = await halves(200, 400, '#f00', '#00f');
    expect(pdfPages(await convert(portrait, 'png', { page_size: 'a4' })).sizes[0].map(Math.round)).toEqual([595, 842]);
    expect(pdfPages(await convert(portrait, 'png', { page_size: 'letter' })).sizes[0]).toEqual([612, 792]);
    // A landscape picture turns the paper.
    expect(pdfPages(await convert(await redBlue(), 'png', { page_size: 'a4' })).sizes[0].map(Math.round)).toEqual([
      842, 595,
    ]);

    // The PNG records 72 dpi: 200×400 px is 200×400 pt, and 20 mm (56.7 pt) on every side.
    expect((await sharp(portrait).metadata()).density).toBe(72);
    const pdf = await convert(portrait, 'png', { margin: 20 });
    expect(pdfPages(pdf).sizes[0].map(Math.round)).toEqual([313, 513]);
    const [page] = await renderPdf(pdf, 72);
    expect(near(page.at(20, page.height / 2), WHITE, 2)).toBe(true);
    expect(near(page.at(page.width - 20, page.height / 2), WHITE, 2)).toBe(true);
    expect(near(page.at(page.width / 2, 20), WHITE, 2)).toBe(true);
    expect(near(page.at(100, page.height / 2), RED)).toBe(true);
    expect(near(page.at(page.width - 100, page.height / 2), BLUE)).toBe(true);
  });

  it('sizes the page of a picture that records no resolution at 96 dpi', async () => {
    const webp = await sharp(await halves(200, 400, '#f00', '#00f'))
      .webp()
      .toBuffer();
    expect((await sharp(webp).metadata()).density).toBeUndefined();
    expect(pdfPages(await convert(webp, 'webp')).sizes[0]).toEqual([150, 300]);
  });

  it('refuses a margin over 50 mm and a paper it does not know', () => {
    expect(() => parseConvertOptions('png', 'pdf', { margin: 51 })).toThrow(/margin/);
    expect(() => parseConvertOptions('png', 'pdf', { page_size: 'a3' })).toThrow(/page_size/);
    expect(parseConvertOptions('png', 'pdf', {})).toEqual({ page_size: 'fit', margin: 0, pdfa: false });
  });

  it('converts WebP, AVIF and an animated GIF (its first frame) to a page with the picture', async () => {
    await expectRedBluePage(
      await convert(
        await sharp(await redBlue())
          .webp({ lossless: true })
          .toBuffer(),
        'webp',
      ),
    );
    await expectRedBluePage(
      await convert(
        await sharp(await redBlue())
          .avif({ quality: 90 })
          .toBuffer(),
        'avif',
      ),
    );
    const green = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const gif = await sharp([await redBlue(), green], { join: { animated: true } })
      .gif()
      .toBuffer();
    await expectRedBluePage(await convert(gif, 'gif'));
  });

  it('converts HEIC (decoded by heif-convert), BMP and PPM (decoded by ImageMagick)', async () => {
    const heic = await job(Buffer.alloc(0), 'heic', 'pdf');
    const src = path.join(heic.workDir, 'src.png');
    await writeFile(src, await redBlue(64, 32));
    execFileSync('heif-enc', ['-q', '90', '-o', heic.inputPath, src]);
    await inspectAndConvert(imagePdfEngine, heic);
    await expectRedBluePage(heic.outputPath);

    const bmp = await job(Buffer.alloc(0), 'bmp', 'pdf');
    execFileSync('convert', [src, `BMP3:${bmp.inputPath}`]);
    await inspectAndConvert(imagePdfEngine, bmp);
    await expectRedBluePage(bmp.outputPath);

    const ppm = await job(Buffer.alloc(0), 'ppm', 'pdf');
    execFileSync('convert', [src, `PPM:${ppm.inputPath}`]);
    await inspectAndConvert(imagePdfEngine, ppm);
    await expectRedBluePage(ppm.outputPath);
  });
});
