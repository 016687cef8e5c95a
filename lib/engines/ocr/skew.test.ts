import { createRequire } from 'node:module';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';

// The OCR worker's skew estimate (plain CommonJS: it runs on bare Node in the sandbox).
const { skewDegrees } = createRequire(import.meta.url)('./skew.cjs') as { skewDegrees: (png: Buffer) => number };

const LINES = ['Invoice number 4711 is due', 'Transmute reads scans', 'Skewed pages are read', 'as well as straight'];

/** A page of text turned clockwise by `degrees` (sharp's sense), as the encoder `encode` writes it. */
async function turned(degrees: number, encode: (s: Sharp) => Sharp = (s) => s.greyscale().png()) {
  const text = LINES.map(
    (l, i) => `<text x="120" y="${300 + i * 140}" font-family="DejaVu Sans" font-size="72">${l}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="1200"><rect width="100%" height="100%" fill="white"/>${text.join('')}</svg>`;
  return encode(
    sharp(Buffer.from(svg)).flatten({ background: '#fff' }).rotate(degrees, { background: '#fff' }),
  ).toBuffer();
}

describe('skew estimate', () => {
  it.each([-6, -3, -1, 0, 0.5, 2, 4])('finds a page turned by %s° within 0.15°', async (degrees) => {
    expect(Math.abs(skewDegrees(await turned(degrees)) - degrees)).toBeLessThanOrEqual(0.15);
  });

  it('reads the PNG flavours the pages come in: RGB, 16-bit grey, palette, adaptive filters', async () => {
    for (const encode of [
      (s: Sharp) => s.png(),
      (s: Sharp) => s.toColourspace('grey16').png(),
      (s: Sharp) => s.png({ palette: true }),
      (s: Sharp) => s.png({ compressionLevel: 9, adaptiveFiltering: true }),
    ])
      expect(Math.abs(skewDegrees(await turned(3, encode)) - 3)).toBeLessThanOrEqual(0.15);
  });

  it('answers 0 when it cannot tell: a blank page, an interlaced PNG, not a PNG', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(skewDegrees(blank)).toBe(0);
    expect(skewDegrees(await turned(4, (s) => s.png({ progressive: true })))).toBe(0);
    expect(skewDegrees(await turned(4, (s) => s.jpeg()))).toBe(0);
    expect(skewDegrees(Buffer.from('not an image'))).toBe(0);
    const png = await turned(4);
    expect(skewDegrees(png.subarray(0, png.length >> 1))).toBe(0); // cut short: tesseract will say so
  });
});
