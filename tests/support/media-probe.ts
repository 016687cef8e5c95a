import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Engine } from '@/lib/engines/types';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';

// For engine tests on video and animations: inputs made by ffmpeg (trusted, test-side) from lavfi
// sources, and what ffprobe and sharp say of the results (size, frames, times, colours).

/** A job whose input ffmpeg writes from `args` (inputs and codec options, before the file name). */
export async function ffmpegJob(
  from: FormatName,
  to: FormatName,
  args: string[],
  options: Record<string, unknown> = {},
): Promise<TestJob> {
  const j = await makeJob(Buffer.alloc(0), from, to, { options });
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, j.inputPath]);
  return j;
}

/** A lavfi video source: `testsrc2` (moving, never black) by default. */
export const lavfi = (source: string) => ['-f', 'lavfi', '-i', source];

/** A video of solid colours, one after the other, each `seconds` long (`size` like 320x240). */
export function colourRun(colours: string[], seconds: number, size = '320x240'): string[] {
  const inputs = colours.flatMap((c) => lavfi(`color=c=${c}:s=${size}:r=25:d=${seconds}`));
  const labels = colours.map((_, i) => `[${i}:v]`).join('');
  return [...inputs, '-filter_complex', `${labels}concat=n=${colours.length}:v=1:a=0`];
}

/** Inspect (when the engine has one) then convert, as the pipeline does. */
export async function convertWith(engine: Engine, j: TestJob): Promise<void> {
  await engine.inspect?.(j);
  await engine.convert(j);
}

export type VideoStream = {
  codec_name: string;
  width: number;
  height: number;
  nb_read_frames: string;
  pix_fmt: string;
};

/** The first video stream, its frames counted by decoding, and the container's duration. */
export function probeVideo(file: string): VideoStream & { duration: number } {
  const out = JSON.parse(
    execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_name,width,height,nb_read_frames,pix_fmt:format=duration',
        '-of',
        'json',
        file,
      ],
      { encoding: 'utf8' },
    ),
  ) as { streams: VideoStream[]; format: { duration: string } };
  return { ...out.streams[0], duration: Number(out.format.duration) };
}

/** Each decoded frame's presentation time, in seconds. */
export function frameTimes(file: string): number[] {
  const out = JSON.parse(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time', '-of', 'json', file],
      {
        encoding: 'utf8',
      },
    ),
  ) as { frames: Array<{ pts_time: string }> };
  return out.frames.map((f) => Number(f.pts_time));
}

/** The mean colour of an image (or of a region), as [r, g, b] rounded. */
export async function meanColour(
  input: string | Buffer,
  region?: { left: number; top: number; width: number; height: number },
): Promise<number[]> {
  const image = region ? sharp(input).extract(region) : sharp(input);
  const { channels } = await sharp(await image.png().toBuffer()).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

/** The frame of `file` on screen at `seconds` (the last one starting by then), as a PNG decoded by ffmpeg. */
export function frameAt(file: string, seconds: number): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'frame-at-'));
  try {
    const out = path.join(dir, 'frame.png');
    // -update 1: each frame kept overwrites the last, so the file ends as the last one by `seconds`.
    const select = `select='lte(t\\,${seconds})'`;
    execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-vf', select, '-fps_mode', 'passthrough', '-update', '1', out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
