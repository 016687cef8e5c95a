import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { frameAt, frameTimes, meanColour, probeVideo } from '@/tests/support/media-probe';
import { animationVideoEngine, frameSeconds } from './animation-video-engine';
import { findEngine, listFormats } from '../registry';

// Animated GIF and WebP → MP4 and WebM: each frame for its own delay, the picture's size (one
// pixel of padding for H.264's even sides), transparency over white.

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

const W = 161;
const H = 121;
const RED = [255, 0, 0, 255];
const GREEN = [0, 255, 0, 255];
const BLUE = [0, 0, 255, 255];
const CLEAR = [0, 0, 0, 0];

/** Red 0.2 s, green 0.5 s, then 0.3 s of a frame transparent on its left half and blue on its right. */
async function animation(format: 'gif' | 'webp'): Promise<Buffer> {
  const pixels = Buffer.alloc(W * H * 4 * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const at = (frame: number) => ((frame * H + y) * W + x) * 4;
      pixels.set(RED, at(0));
      pixels.set(GREEN, at(1));
      pixels.set(x < W / 2 ? CLEAR : BLUE, at(2));
    }
  return sharp(pixels, { raw: { width: W, height: H * 3, channels: 4, pageHeight: H } })
    .toFormat(format, { delay: [200, 500, 300], loop: 0 })
    .toBuffer();
}

async function convert(from: FormatName, to: FormatName, input: Buffer) {
  const j = await makeJob(input, from, to);
  jobs.push(j);
  await findEngine(from, to)!.convert(j);
  return j;
}

const near = (actual: number[], expected: number[], tolerance = 24) =>
  expect(
    actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance),
    `${actual} ≈ ${expected}`,
  ).toBe(true);

const LEFT = { left: 8, top: 8, width: 60, height: 100 };
const RIGHT = { left: 92, top: 8, width: 60, height: 100 };

describe.each([
  ['gif', 'mp4', 'h264', [W + 1, H + 1]],
  ['webp', 'webm', 'vp9', [W, H]],
  ['webp', 'mp4', 'h264', [W + 1, H + 1]],
] as const)('animated %s → %s', (from, to, codec, size) => {
  it(`${codec} at the picture's size, each frame for its delay, transparency over white`, async () => {
    const j = await convert(from, to, await animation(from));
    const p = probeVideo(j.outputPath);
    expect(p.codec_name).toBe(codec);
    expect([p.width, p.height]).toEqual(size);
    expect(p.duration).toBeGreaterThan(0.95);
    expect(p.duration).toBeLessThan(1.05);
    // The three frames start at 0, 0.2 and 0.7 s (a 1 ms repeat of the last marks the end).
    expect(frameTimes(j.outputPath).slice(0, 3)).toEqual([0, 0.2, 0.7]);
    near(await meanColour(frameAt(j.outputPath, 0.1), LEFT), [255, 0, 0]);
    near(await meanColour(frameAt(j.outputPath, 0.5), LEFT), [0, 255, 0]);
    near(await meanColour(frameAt(j.outputPath, 0.9), LEFT), [255, 255, 255]);
    near(await meanColour(frameAt(j.outputPath, 0.9), RIGHT), [0, 0, 255]);
    expect(j.progress.at(-1)).toBe(100);
  });
});

describe('animations → video', () => {
  it('a frame of 10 ms or less is shown for 100 ms, as browsers show it', () => {
    expect(frameSeconds([0, 10, 20, null])).toEqual([0.1, 0.1, 0.02, 0.1]);
  });

  it('a file that is not the GIF it claims to be is refused before decoding, leaving no video', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const j = await makeJob(png, 'gif', 'mp4');
    jobs.push(j);
    await expect(animationVideoEngine.convert(j)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.status === 400 && /not a GIF image/.test(e.message),
    );
    expect(existsSync(j.outputPath)).toBe(false);
  });

  it('GET /formats lists mp4 and webm for GIF and WebP', () => {
    for (const from of ['gif', 'webp'])
      expect(listFormats().find((f) => f.format === from)!.targets).toEqual(expect.arrayContaining(['mp4', 'webm']));
  });
});
