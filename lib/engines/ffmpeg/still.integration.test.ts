import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConvertOptions } from '@/lib/conversions/convert-options';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import type { TestJob } from '@/tests/fixtures/engine-job';
import { colourRun, convertWith, ffmpegJob, lavfi, meanColour } from '@/tests/support/media-probe';
import { mediaEngine } from '../media/media-engine';
import { findEngine, listFormats } from '../registry';

// Video → one still image: its size (upright), a representative frame by default (not the black
// opening), the frame `at` when asked, and a clear refusal past the end.

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

async function still(from: FormatName, to: FormatName, input: string[], options: Record<string, unknown> = {}) {
  const j = await ffmpegJob(from, to, input, parseConvertOptions(from, to, options));
  jobs.push(j);
  await convertWith(findEngine(from, to)!, j);
  return j;
}

const near = (actual: number[], expected: number[], tolerance = 12) =>
  expect(
    actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance),
    `${actual} ≈ ${expected}`,
  ).toBe(true);

describe('video → still image', () => {
  it('mp4 → png at the video’s size, by default a frame after the black opening', async () => {
    const j = await still('mp4', 'png', [...colourRun(['black', '0x3070d0'], 1, '640x360'), ...X264]);
    const meta = await sharp(j.outputPath).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 640, 360]);
    near(await meanColour(j.outputPath), [0x30, 0x70, 0xd0]);
    expect(j.progress.at(-1)).toBe(100);
  });

  it('`at` takes the frame shown then: red for a second, then blue', async () => {
    const input = [...colourRun(['red', 'blue'], 1), ...X264];
    near(await meanColour((await still('mp4', 'jpg', input, { at: 1.5 })).outputPath), [0, 0, 255], 20);
    near(await meanColour((await still('mp4', 'jpg', input, { at: 0.5 })).outputPath), [255, 0, 0], 20);
    // After the last frame starts and before the video ends: that last frame.
    near(await meanColour((await still('mp4', 'jpg', input, { at: 1.99 })).outputPath), [0, 0, 255], 20);
  });

  it('`at` past the end is a 400 that says how long the video is, and leaves no file', async () => {
    const j = await ffmpegJob('mp4', 'png', [...colourRun(['red', 'blue'], 1), ...X264], { at: 5 });
    jobs.push(j);
    await expect(mediaEngine.convert(j)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.status === 400 && /"at" \(5 s\) is past the end.*2\.00 s long/.test(e.message),
    );
    expect(execFileSync('ls', [j.workDir], { encoding: 'utf8' })).not.toMatch(/output/);
  });

  it('a video black from start to end gives its first frame rather than nothing', async () => {
    const j = await still('mkv', 'png', [...lavfi('color=c=black:s=320x240:r=25:d=1'), ...X264]);
    near(await meanColour(j.outputPath), [0, 0, 0]);
  });

  it('applies the rotation a phone records: 640×360 turned a quarter is 360×640', async () => {
    const j = await ffmpegJob('mp4', 'jpg', [...lavfi('testsrc2=s=640x360:r=25:d=1'), ...X264]);
    jobs.push(j);
    const rotated = path.join(j.workDir, 'rotated.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-i', j.inputPath, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', rotated]);
    execFileSync('mv', [rotated, j.inputPath]);
    await convertWith(mediaEngine, j);
    const meta = await sharp(j.outputPath).metadata();
    expect([meta.width, meta.height]).toEqual([360, 640]);
  });

  it.each([
    ['mov', 'jpg', X264],
    ['webm', 'png', ['-c:v', 'libvpx-vp9', '-deadline', 'realtime']],
    ['avi', 'jpg', ['-c:v', 'mpeg4']],
    ['flv', 'png', []],
  ] as const)('%s → %s', async (from, to, codec) => {
    const j = await still(from, to, [...colourRun(['black', 'lime'], 0.5, '320x240'), ...codec]);
    const meta = await sharp(j.outputPath).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([to === 'jpg' ? 'jpeg' : to, 320, 240]);
    near(await meanColour(j.outputPath), [0, 255, 0], 25);
  });

  it('webm → webp with `at` is one still frame; without it the video stays an animated WebP', async () => {
    const input = [...colourRun(['red', 'blue'], 1), '-c:v', 'libvpx-vp9', '-deadline', 'realtime'];
    const frame = await still('webm', 'webp', input, { at: 1.5 });
    const meta = await sharp(frame.outputPath, { animated: true }).metadata();
    expect([meta.format, meta.pages ?? 1, meta.width, meta.height]).toEqual(['webp', 1, 320, 240]);
    near(await meanColour(frame.outputPath), [0, 0, 255], 20);
    const clip = await still('webm', 'webp', input);
    expect((await sharp(clip.outputPath, { animated: true }).metadata()).pages).toBeGreaterThan(1);
  });

  it('GET /formats offers jpg, png and webp from a video, with `at` only', () => {
    const mp4 = listFormats().find((f) => f.format === 'mp4')!;
    expect(mp4.targets).toEqual(expect.arrayContaining(['jpg', 'png', 'webp']));
    for (const to of ['jpg', 'png', 'webp'] as const)
      expect(mp4.target_options[to]).toEqual({ schema: 'MediaOptions', names: ['at'] });
    expect(() => parseConvertOptions('mp4', 'jpg', { crf: 20 })).toThrow(/does not apply/);
    expect(() => parseConvertOptions('mp4', 'jpg', { at: -1 })).toThrow(/at/);
    expect(listFormats().find((f) => f.format === 'mp3')!.target_options.png).toBeUndefined();
  });
});
