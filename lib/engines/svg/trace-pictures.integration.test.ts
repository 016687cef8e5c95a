import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FormatName } from '@/lib/formats/catalog';
import { inspectAndConvert } from '@/tests/fixtures/engine-job';
import { jobsRemovedAfterEach } from '@/tests/fixtures/engine-jobs-removed';
import { type Pixels, renderSvg } from '@/tests/fixtures/picture-checks';
import { findEngine } from '../registry';
import { traceEngine } from './trace-engine';

// Pictures → SVG is a traced outline (potrace): the SVG holds a path, and rendered again it is dark
// where the picture's black shape is and light elsewhere (a transparent background counts as white).

const job = jobsRemovedAfterEach();

/** 80×60, a black square from (20, 15) to (60, 45) on white, or on nothing with `transparent`. */
const shape = (transparent = false) =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60">' +
        (transparent ? '' : '<rect width="80" height="60" fill="#fff"/>') +
        '<rect x="20" y="15" width="40" height="30" fill="#000"/></svg>',
    ),
  );

/** The grey level at a point given as fractions of the width and height. */
const grey = (p: Pixels, fx: number, fy: number) => {
  const [r, g, b] = p.at(fx * (p.width - 1), fy * (p.height - 1));
  return (r + g + b) / 3;
};

async function traced(input: Buffer, from: FormatName): Promise<Pixels> {
  expect(findEngine(from, 'svg')).toBe(traceEngine);
  const j = await job(input, from, 'svg');
  await inspectAndConvert(traceEngine, j);
  const svg = await readFile(j.outputPath, 'utf8');
  expect(svg).toMatch(/<path /);
  return renderSvg(j.outputPath);
}

/** Dark inside the square (40, 30), light in the margins around it. */
function expectTheSquare(p: Pixels): void {
  expect(p.width / p.height).toBeCloseTo(80 / 60, 1);
  expect(grey(p, 0.5, 0.5)).toBeLessThan(60);
  for (const [fx, fy] of [
    [0.1, 0.5],
    [0.9, 0.5],
    [0.5, 0.1],
    [0.5, 0.9],
  ])
    expect(grey(p, fx, fy), `${fx},${fy}`).toBeGreaterThan(200);
}

describe('pictures → SVG (traced outline)', () => {
  it('PNG with a transparent background', async () => {
    expectTheSquare(await traced(await shape(true).png().toBuffer(), 'png'));
  });

  it('JPEG, upright by its EXIF orientation', async () => {
    expectTheSquare(await traced(await shape().jpeg({ quality: 90 }).toBuffer(), 'jpg'));
    // Stored 60×80 and turned a quarter counter-clockwise (orientation 8) it shows as the 80×60 square.
    const stored = await shape().rotate(90).jpeg({ quality: 90 }).withMetadata({ orientation: 8 }).toBuffer();
    expectTheSquare(await traced(stored, 'jpg'));
  });

  it('GIF (the first frame) and WebP', async () => {
    const black = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const gif = await sharp([await shape().png().toBuffer(), black], { join: { animated: true } })
      .gif()
      .toBuffer();
    expectTheSquare(await traced(gif, 'gif'));
    expectTheSquare(await traced(await shape().webp().toBuffer(), 'webp'));
  });

  it('BMP (read by potrace itself)', async () => {
    const j = await job(Buffer.alloc(0), 'bmp', 'svg');
    const png = path.join(j.workDir, 'src.png');
    await writeFile(png, await shape().png().toBuffer());
    execFileSync('convert', [png, `BMP3:${j.inputPath}`]);
    await inspectAndConvert(traceEngine, j);
    expectTheSquare(await renderSvg(j.outputPath));
  });
});
