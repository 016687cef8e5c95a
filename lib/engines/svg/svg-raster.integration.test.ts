import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FormatName } from '@/lib/formats/catalog';
import { inspectAndConvert } from '@/tests/fixtures/engine-job';
import { jobsRemovedAfterEach } from '@/tests/fixtures/engine-jobs-removed';
import { BLUE, near, pixelsOf, RED, WHITE } from '@/tests/fixtures/picture-checks';
import { findEngine } from '../registry';
import { svgEngine } from './svg-engine';

// SVG → JPEG, WebP, AVIF and TIFF: rendered by librsvg as for SVG → PNG (same size, same
// transparency), encoded by sharp; JPEG, which has no transparency, over white.

const job = jobsRemovedAfterEach();

/** 120×80: red left, blue right, the bottom quarter empty (transparent). */
const drawing = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80">' +
    '<rect width="60" height="60" fill="#f00"/><rect x="60" width="60" height="60" fill="#00f"/></svg>',
);

async function convert(input: Buffer, to: FormatName): Promise<Buffer> {
  const j = await job(input, 'svg', to);
  await inspectAndConvert(findEngine('svg', to)!, j);
  return readFile(j.outputPath);
}

describe('SVG → raster pictures', () => {
  it('is the librsvg engine for each raster target', () => {
    for (const to of ['png', 'jpg', 'webp', 'avif', 'tiff'] as const) expect(findEngine('svg', to), to).toBe(svgEngine);
  });

  for (const [to, format] of [
    ['jpg', 'jpeg'],
    ['webp', 'webp'],
    ['avif', 'heif'],
    ['tiff', 'tiff'],
  ] as const) {
    it(`SVG → ${to}: the drawing's size and colours; the empty part ${to === 'jpg' ? 'white' : 'transparent'}`, async () => {
      const out = await convert(drawing, to);
      const meta = await sharp(out).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 120, 80]);
      const pixels = await pixelsOf(out);
      expect(near(pixels.at(30, 30), RED)).toBe(true);
      expect(near(pixels.at(90, 30), BLUE)).toBe(true);
      // pixelsOf lays the picture over white: a transparent part reads white too.
      expect(near(pixels.at(60, 75), WHITE, 8)).toBe(true);
      if (to === 'jpg') expect(meta.hasAlpha).toBe(false);
      else {
        expect(meta.hasAlpha).toBe(true);
        const [alpha] = await sharp(out)
          .extractChannel('alpha')
          .extract({ left: 60, top: 75, width: 1, height: 1 })
          .raw()
          .toBuffer();
        expect(alpha).toBe(0);
      }
    });
  }

  it('keeps the size rules of SVG → PNG (units at 96 dpi, a viewBox alone)', async () => {
    const inMillimetres = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="20mm"><rect width="100%" height="100%" fill="#0f0"/></svg>',
    );
    const viewBoxOnly = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 25"><rect width="50" height="25" fill="#0f0"/></svg>',
    );
    for (const svg of [inMillimetres, viewBoxOnly]) {
      const png = await sharp(await convert(svg, 'png')).metadata();
      for (const to of ['jpg', 'webp', 'tiff'] as const) {
        const meta = await sharp(await convert(svg, to)).metadata();
        expect([meta.width, meta.height], to).toEqual([png.width, png.height]);
      }
    }
  });
});
