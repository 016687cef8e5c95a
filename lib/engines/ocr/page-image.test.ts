import { createRequire } from 'node:module';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';

// The OCR worker's page reader (plain CommonJS: it runs on bare Node in the sandbox; typed by its JSDoc).
const { readPage } = createRequire(import.meta.url)('./page-image.cjs') as typeof import('./page-image.cjs');

const LINES = ['Invoice number 4711 is due', 'Transmute reads scans', 'Skewed pages are read', 'as well as straight'];

/** A page of text turned clockwise by `degrees` (sharp's sense), as the encoder `encode` writes it. */
async function turned(degrees: number, encode: (s: Sharp) => Sharp = (s) => s.toColourspace('b-w').png()) {
  const text = LINES.map(
    (l, i) => `<text x="120" y="${300 + i * 140}" font-family="DejaVu Sans" font-size="72">${l}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="1200"><rect width="100%" height="100%" fill="white"/>${text.join('')}</svg>`;
  return encode(
    sharp(Buffer.from(svg)).flatten({ background: '#fff' }).rotate(degrees, { background: '#fff' }),
  ).toBuffer();
}

describe('OCR page reader: skew', () => {
  it.each([-6, -3, -1, 0, 0.5, 2, 4])('finds a page turned by %s° within 0.15°', async (degrees) => {
    expect(Math.abs(readPage(await turned(degrees)).skew - degrees)).toBeLessThanOrEqual(0.15);
  });

  it('reads the PNG flavours the pages come in: RGB, 16-bit grey, palette, adaptive filters', async () => {
    for (const encode of [
      (s: Sharp) => s.png(),
      (s: Sharp) => s.toColourspace('grey16').png(),
      (s: Sharp) => s.png({ palette: true }),
      (s: Sharp) => s.toColourspace('b-w').png({ compressionLevel: 9, adaptiveFiltering: true }),
    ])
      expect(Math.abs(readPage(await turned(3, encode)).skew - 3)).toBeLessThanOrEqual(0.15);
  });

  it('answers 0 and passes the input on when it cannot tell or read it', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(readPage(blank).skew).toBe(0);
    for (const input of [
      await turned(4, (s) => s.png({ progressive: true })), // interlaced
      await turned(4, (s) => s.jpeg()),
      Buffer.from('not an image'),
      (await turned(4)).subarray(0, 5000), // cut short: tesseract will say so
    ])
      expect(readPage(input)).toEqual({ skew: 0, image: input, dpi: 0 });
  });

  it('passes a page larger than the cap it is given on unexamined', async () => {
    const page = await turned(4);
    const pixels = page.readUInt32BE(16) * page.readUInt32BE(20); // IHDR width × height
    expect(readPage(page, 0, pixels).skew).not.toBe(0);
    expect(readPage(page, 0, pixels - 1)).toEqual({ skew: 0, image: page, dpi: 0 });
  });
});

describe('OCR page reader: what tesseract gets', () => {
  it('an 8-bit grey PNG becomes a PGM with the same pixels and its resolution', async () => {
    const png = await turned(2, (s) => s.toColourspace('b-w').withDensity(300).png());
    const page = readPage(png);
    expect([png[24], png[25]]).toEqual([8, 0]); // IHDR: 8-bit, grey
    const { data, info } = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    const header = `P5\n${info.width} ${info.height}\n255\n`;
    expect(page.image.subarray(0, header.length).toString('latin1')).toBe(header);
    expect(page.image.subarray(header.length).equals(data)).toBe(true);
    expect(page.dpi).toBe(300);
  });

  it('so does a grey page saved as RGB (every pixel R = G = B); a colour page goes as it is', async () => {
    const rgb = await turned(0, (s) => s.png());
    expect(rgb[25]).toBe(2); // IHDR: RGB
    const page = readPage(rgb);
    const { data } = await sharp(rgb).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    expect(page.image.subarray(0, 2).toString('latin1')).toBe('P5');
    expect(page.image.subarray(page.image.length - data.length).equals(data)).toBe(true);
    // One red word at the bottom: the rows above were grey, the page is not.
    const colour = await sharp(rgb)
      .composite([
        { input: { create: { width: 40, height: 10, channels: 3, background: '#f00' } }, left: 5, top: 1150 },
      ])
      .png()
      .toBuffer();
    expect(readPage(colour)).toEqual({ skew: 0, image: colour, dpi: 0 });
  });

  it('a rendered PDF page (PPM, as pdftoppm writes it): grey → PGM, colour as it is, with its dpi', async () => {
    const ppm = async (png: Buffer) => {
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return Buffer.concat([Buffer.from(`P6\n${info.width} ${info.height}\n255\n`), data]);
    };
    const grey = await ppm(await turned(3, (s) => s.png()));
    const page = readPage(grey, 300);
    expect(page.image.subarray(0, 2).toString('latin1')).toBe('P5');
    const tail = grey.subarray(-3000).filter((_, i) => i % 3 === 0); // the last 1000 pixels' grey
    expect(page.image.subarray(-1000).equals(tail)).toBe(true);
    expect(Math.abs(page.skew - 3)).toBeLessThanOrEqual(0.15);
    expect(page.dpi).toBe(300);
    const colour = await ppm(
      await sharp(await turned(0, (s) => s.png()))
        .composite([{ input: { create: { width: 40, height: 10, channels: 3, background: '#00f' } }, left: 5, top: 5 }])
        .png()
        .toBuffer(),
    );
    const asIs = readPage(colour, 300);
    expect(asIs.image).toBe(colour); // the same buffer (a deep compare of 9 MB is slow)
    expect([asIs.skew, asIs.dpi]).toEqual([0, 300]);
    const pgm = readPage(grey, 300).image;
    expect(readPage(pgm, 300).image).toBe(pgm);
  });
});
