import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { inspectAndConvert, pixelFloodPng } from '@/tests/fixtures/engine-job';
import { jobsRemovedAfterEach } from '@/tests/fixtures/engine-jobs-removed';
import { makeNoisyPng } from '@/tests/support/fixtures';
import { inspect, sharpEngine } from './sharp-engine';
import { sharpPoolStatus, warmUpSharp } from './pool';

const job = jobsRemovedAfterEach();

/** A 120×80 picture with a gradient, so encoders have something to do. */
const photo = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><rect width="120" height="80" fill="url(#g)"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** Requests the warm sharp workers have answered (a worker replaced since is not counted). */
const requestsSent = () => sharpPoolStatus().reduce((n, s) => n + s.jobs, 0);

const VIPS_NAME: Record<string, string> = {
  png: 'png',
  jpg: 'jpeg',
  webp: 'webp',
  avif: 'heif',
  tiff: 'tiff',
  gif: 'gif',
};

describe('sharp engine', () => {
  for (const to of ['jpg', 'webp', 'avif', 'tiff', 'gif'] as const) {
    it(`converts png → ${to} (checked by decoding the result)`, async () => {
      const j = await job(await photo(), 'png', to);
      await inspectAndConvert(sharpEngine, j);
      const meta = await sharp(j.outputPath).metadata();
      expect(meta.format).toBe(VIPS_NAME[to]);
      expect([meta.width, meta.height]).toEqual([120, 80]);
      if (to === 'avif') expect(meta.compression).toBe('av1');
      expect(j.progress.at(-1)).toBe(100);
    });
  }

  it('converts jpg → png with the same pixels size', async () => {
    const jpg = await sharp(await photo())
      .jpeg()
      .toBuffer();
    const j = await job(jpg, 'jpg', 'png');
    await inspectAndConvert(sharpEngine, j);
    const meta = await sharp(j.outputPath).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 120, 80]);
  });

  it('keeps an animated GIF animated when converting to WebP', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((c) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: c } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: 100 })
      .toBuffer();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(3);
    const j = await job(gif, 'gif', 'webp');
    await inspectAndConvert(sharpEngine, j);
    const meta = await sharp(j.outputPath, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['webp', 3, 40, 30]);
  });

  it('decodes HEIC through the sandboxed heif-convert', async () => {
    const j = await job(Buffer.alloc(0), 'heic', 'jpg');
    const src = path.join(j.workDir, 'src.png');
    await writeFile(src, await photo());
    execFileSync('heif-enc', ['-q', '60', '-o', j.inputPath, src]); // HEVC-coded, as phones write them
    expect((await sharp(j.inputPath).metadata()).compression).toBe('hevc');
    await inspectAndConvert(sharpEngine, j);
    const meta = await sharp(j.outputPath).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 120, 80]);
    expect(existsSync(path.join(j.workDir, 'heic-decoded.png'))).toBe(false);
  });

  it('refuses a pixel flood (30000×30000 PNG of a few KB) from its header, in the convert request itself', async () => {
    const bomb = pixelFloodPng(30000, 30000);
    expect(bomb.length).toBeLessThan(10_000);
    const j = await job(bomb, 'png', 'webp');
    await warmUpSharp();
    const before = requestsSent();
    const started = Date.now();
    // The pipeline calls inspect when an engine has one: this engine has none, convert refuses.
    expect(sharpEngine.inspect).toBeUndefined();
    await expect(sharpEngine.convert(j)).rejects.toSatisfy(
      (e) =>
        e instanceof AppError &&
        e.code === 'unsupported_format' &&
        e.message === 'The image is too large (30000×30000; limit 100 megapixels).',
    );
    // One round trip, answered from the header: decoding 900 MP (2.7 GB of RGB) would take seconds
    // and fail another way ("could not be converted: …pixel limit…").
    expect(requestsSent() - before).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(existsSync(j.outputPath)).toBe(false);
  });

  it('refuses an input whose bytes are not the claimed format, without converting it', async () => {
    const jpg = await sharp(await photo())
      .jpeg()
      .toBuffer();
    // sharp would convert this JPEG to WebP without a complaint: only the header check refuses it.
    const j = await job(jpg, 'png', 'webp');
    await expect(sharpEngine.convert(j)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'unsupported_format' && e.message === 'The file is not a PNG image.',
    );
    expect(existsSync(j.outputPath)).toBe(false);
    const text = await job(Buffer.from('not an image at all'), 'gif', 'png');
    await expect(sharpEngine.convert(text)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.message === 'The image could not be read.',
    );
    // The same words from inspect, which the engines that hand sharp their pages still call.
    await expect(inspect(j)).rejects.toThrow('The file is not a PNG image.');
  });

  it('refuses a PNG claimed as HEIC before heif-convert decodes it', async () => {
    const j = await job(await photo(), 'heic', 'jpg');
    await expect(sharpEngine.convert(j)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.message === 'The file is not a HEIC image.',
    );
    expect(existsSync(path.join(j.workDir, 'heic-decoded.png'))).toBe(false);
    expect(existsSync(j.outputPath)).toBe(false);
  });

  it('writes WebP at effort 2 unless the conversion asks for another', async () => {
    // Noise, so that the encoder's effort shows in its bytes (a flat picture encodes alike at every effort).
    const noise = await makeNoisyPng(200, 150, 30);
    const encoded = (effort: number) => sharp(noise).webp({ quality: 80, effort }).toBuffer();
    expect(await encoded(2)).not.toEqual(await encoded(4));

    const byDefault = await job(noise, 'png', 'webp');
    await inspectAndConvert(sharpEngine, byDefault);
    expect(await readFile(byDefault.outputPath)).toEqual(await encoded(2));

    const asked = await job(noise, 'png', 'webp');
    asked.options = { effort: 4 };
    await inspectAndConvert(sharpEngine, asked);
    expect(await readFile(asked.outputPath)).toEqual(await encoded(4));
  });

  it('writes AVIF quickly at the default low effort', async () => {
    const big = await makeNoisyPng(2000, 1500, 30);
    const j = await job(big, 'png', 'avif');
    const started = Date.now();
    await inspectAndConvert(sharpEngine, j);
    const ms = Date.now() - started;
    console.log(`3 MP noise PNG → AVIF: ${ms} ms`);
    expect((await sharp(await readFile(j.outputPath)).metadata()).width).toBe(2000);
    expect(ms).toBeLessThan(30_000);
  });
});
