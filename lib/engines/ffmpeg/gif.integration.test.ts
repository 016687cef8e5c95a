import { afterEach, describe, expect, it } from 'vitest';
import type { TestJob } from '@/tests/fixtures/engine-job';
import { convertWith, ffmpegJob, lavfi, probeVideo } from '@/tests/support/media-probe';
import { ffmpegEngine } from './ffmpeg-engine';
import { mediaEngine } from '../media/media-engine';
import type { Engine } from '../types';
import { GIF_CAPS } from './gif';

// Video → GIF keeps the picture: the source's size and frame rate up to GIF_CAPS, or what the
// options ask. Frames are counted by decoding the GIF (testsrc2 moves every frame, so none merge).

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

async function gif(engine: Engine, from: 'mp4' | 'flv', source: string, options: Record<string, unknown> = {}) {
  const encode = from === 'mp4' ? ['-c:v', 'libx264', '-preset', 'ultrafast'] : [];
  const j = await ffmpegJob(from, 'gif', [...lavfi(source), ...encode], options);
  jobs.push(j);
  await convertWith(engine, j);
  return { ...probeVideo(j.outputPath), progress: j.progress };
}

describe('video → GIF', () => {
  it('keeps a 640×360, 25 fps source as it is: its size, every frame, its length', async () => {
    const p = await gif(ffmpegEngine, 'mp4', 'testsrc2=s=640x360:r=25:d=2');
    expect(p).toMatchObject({ codec_name: 'gif', width: 640, height: 360 });
    expect(Number(p.nb_read_frames)).toBeGreaterThanOrEqual(49);
    expect(Number(p.nb_read_frames)).toBeLessThanOrEqual(51);
    expect(p.duration).toBeCloseTo(2, 1);
    expect(p.progress.some((x) => x > 25 && x < 100)).toBe(true);
    expect(p.progress.at(-1)).toBe(100);
  });

  it('brings a 1920×1080 source down to 1280 px on its long side, proportions kept', async () => {
    const p = await gif(ffmpegEngine, 'mp4', 'testsrc2=s=1920x1080:r=25:d=0.4');
    expect([p.width, p.height]).toEqual([GIF_CAPS.longSide, 720]);
  });

  it('brings a portrait 1080×1920 source down to 1280 px high', async () => {
    const p = await gif(ffmpegEngine, 'mp4', 'testsrc2=s=1080x1920:r=25:d=0.2');
    expect([p.width, p.height]).toEqual([720, GIF_CAPS.longSide]);
  });

  it('brings a 60 fps source down to 30 fps', async () => {
    const p = await gif(ffmpegEngine, 'mp4', 'testsrc2=s=320x180:r=60:d=1');
    expect(Number(p.nb_read_frames)).toBeGreaterThanOrEqual(29);
    expect(Number(p.nb_read_frames)).toBeLessThanOrEqual(31);
    expect(p.duration).toBeCloseTo(1, 1);
  });

  it('takes `fps` alone when asked, the size staying the source’s: 10 fps at 640×360', async () => {
    const p = await gif(ffmpegEngine, 'mp4', 'testsrc2=s=640x360:r=25:d=2', { fps: 10 });
    expect([p.width, p.height]).toEqual([640, 360]);
    expect(Number(p.nb_read_frames)).toBeGreaterThanOrEqual(19);
    expect(Number(p.nb_read_frames)).toBeLessThanOrEqual(21);
  });

  it('takes `width` alone when asked, the rate staying the source’s: 320×180 at 25 fps', async () => {
    const p = await gif(ffmpegEngine, 'mp4', 'testsrc2=s=640x360:r=25:d=2', { width: 320 });
    expect([p.width, p.height]).toEqual([320, 180]);
    expect(Number(p.nb_read_frames)).toBeGreaterThanOrEqual(49);
    expect(Number(p.nb_read_frames)).toBeLessThanOrEqual(51);
  });

  it('writes an asked `fps` over 50 at 50 (GIF delays are hundredths of a second)', async () => {
    const p = await gif(ffmpegEngine, 'mp4', 'testsrc2=s=160x90:r=100:d=1', { fps: 100 });
    expect(Number(p.nb_read_frames)).toBeGreaterThanOrEqual(49);
    expect(Number(p.nb_read_frames)).toBeLessThanOrEqual(51);
  });

  it('the other video formats (FLV here) keep the picture the same way', async () => {
    const p = await gif(mediaEngine, 'flv', 'testsrc2=s=640x360:r=25:d=1');
    expect([p.width, p.height]).toEqual([640, 360]);
    expect(Number(p.nb_read_frames)).toBeGreaterThanOrEqual(24);
  });
});
