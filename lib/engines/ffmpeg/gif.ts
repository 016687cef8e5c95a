import { rm } from 'node:fs/promises';
import path from 'node:path';
import { assertOutput } from '../sandbox/run-tool';
import type { EngineJob } from '../types';
import { clip, ffmpegCommand } from './args';
import type { MediaOptions } from './options';
import { jobPart, runFfmpegOnInput } from './sandboxed';

// Video → animated GIF, for ./ffmpeg-engine.ts and ../media/media-engine.ts, in two ffmpeg runs: the
// first reads the clip into one palette (palettegen), the second maps every frame to it
// (paletteuse). The usual single run (split → palettegen and paletteuse) holds every frame in
// memory until palettegen has seen the last one: measured 2.4 GB for 20 s of 720p at 30 fps, past
// the sandbox's 3 GB cap at about 25 s. Two runs decode twice but stay near 120 MB, and took less
// time (2.6 + 7.5 s against 13 s for those 20 s).

/** By default a GIF keeps the source's size and frame rate up to these; past them, brought down to them, proportions kept. */
export const GIF_CAPS = { longSide: 1280, fps: 30 } as const;

/** GIF delays are whole hundredths of a second, and players slow down delays under 2: faster is written at 50. */
const GIF_MAX_FPS = 50;

type Picture = Pick<Partial<MediaOptions>, 'width' | 'height' | 'fps'>;

/** The frame rate and size filters: the asked `fps`/`width`/`height`, else the source's within GIF_CAPS. */
function gifFrameFilters(o: Picture): string {
  const { longSide, fps: maxFps } = GIF_CAPS;
  const fps = o.fps ? String(Math.min(o.fps, GIF_MAX_FPS)) : `'min(${maxFps},source_fps)'`;
  // Without a size, each side is held to the cap and force_original_aspect_ratio shrinks the
  // other to keep the proportions: a 1920×1080 source becomes 1280×720, a 640×360 one stays.
  const size =
    o.width || o.height
      ? `${o.width ?? -2}:${o.height ?? -2}`
      : `'min(iw,${longSide})':'min(ih,${longSide})':force_original_aspect_ratio=decrease`;
  return `fps=${fps},scale=${size}:flags=lanczos`;
}

/**
 * Writes the GIF of the video read by `input` (cappedInputArgs), from `start` for `duration`
 * seconds at most. The palette is written in the job folder and removed after.
 */
export async function convertToGif(
  job: EngineJob,
  input: string[],
  o: Picture & Pick<Partial<MediaOptions>, 'start' | 'duration'>,
): Promise<void> {
  const frames = gifFrameFilters(o);
  const palette = path.join(job.workDir, 'palette.png');
  const { before, after, seconds } = clip(o);
  try {
    const paletteRun = ffmpegCommand({
      input: [...before, ...input, ...after],
      streams: ['-map', '0:v:0', '-an'],
      codec: ['-vf', `${frames},palettegen=stats_mode=diff`, '-c:v', 'png', '-update', '1', '-f', 'image2'],
      outputPath: palette,
      log: 'info',
    });
    // The palette run only decodes and counts colours: about a quarter of the time.
    await runFfmpegOnInput(jobPart(job, palette, 0, 25), paletteRun, seconds);
    const gifRun = ffmpegCommand({
      // The palette is this job's own PNG, read with its demuxer forced as the input is.
      input: [...before, ...input, '-protocol_whitelist', 'file', '-f', 'png_pipe', '-i', `file:${palette}`, ...after],
      streams: ['-an'],
      codec: ['-filter_complex', `[0:v:0]${frames}[v];[v][1:v]paletteuse=dither=bayer`, '-loop', '0', '-f', 'gif'],
      outputPath: job.outputPath,
      log: 'info',
    });
    await runFfmpegOnInput(jobPart(job, job.outputPath, 25, 99), gifRun, seconds);
    await assertOutput(job.outputPath, 'ffmpeg');
  } finally {
    await rm(palette, { force: true });
  }
}
