import { stat } from 'node:fs/promises';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import type { EngineJob } from '../types';
import { ffmpegCommand, STILL_CODEC } from './args';
import { assertFfmpegOk, runFfmpegRefusingInput } from './sandboxed';

// One frame of a video as a still image (JPG, PNG, WebP), for ../media/media-engine.ts: at the video's
// size, upright (ffmpeg applies rotation metadata to the frames it filters, by default).
//
// Without `at`, a representative frame. Many videos open on black (a fade-in, a title on black),
// so near-black frames (mean luma at most 24 of 255; black is 16 in limited range) are skipped,
// then ffmpeg's `thumbnail` filter keeps, of the next ten, the one closest to their average
// histogram, so a flash or a cut is not what is taken. Ten, not the filter's default hundred: it
// holds them all in memory, and a hundred 8K frames would pass the sandbox's cap. Only the first
// minute is scanned: a video black all that time gives its first frame. A frame at 10 % of the
// length was the other way: it needs the length before the run (an ffprobe run nothing else here
// needs) and still lands on black in a video with a dark stretch there.

const BLACK_LUMA = 24;
const COMPARED = 10;
const SCAN_SECONDS = 60;
const REPRESENTATIVE = [
  'signalstats',
  `metadata=mode=select:key=lavfi.signalstats.YAVG:value=${BLACK_LUMA}:function=greater`,
  `thumbnail=n=${COMPARED}`,
].join(',');

type StillTarget = keyof typeof STILL_CODEC;
/** The still images a video becomes. */
export const STILL_TARGETS = Object.keys(STILL_CODEC) as StillTarget[];

const ONE_FRAME = ['-frames:v', '1'];

async function wrote(file: string): Promise<boolean> {
  const found = await stat(file).catch(() => undefined);
  return found !== undefined && found.size > 0;
}

/**
 * Writes the frame `at` seconds into the video read by `input` (cappedInputArgs), or a
 * representative one. `at` past the end is a 400 that says how long the video is.
 */
export async function convertToStill(job: EngineJob, input: string[], at: number | undefined): Promise<void> {
  const codec = (STILL_CODEC as Partial<Record<FormatName, readonly string[]>>)[job.targetFormat];
  if (!codec) throw new AppError('unsupported_format', `Cannot write ${job.targetFormat}.`);
  const take = async (before: string[], pick: string[]) => {
    const args = ffmpegCommand({
      input: [...before, ...input],
      streams: ['-map', '0:v:0', '-an', ...pick],
      // -update 1: every frame written goes to the one file (the last one stays).
      codec: [...codec, '-update', '1', '-f', 'image2'],
      outputPath: job.outputPath,
      log: 'info',
    });
    // One frame has no length to scale progress by: 1 once ffmpeg has opened the file, then 100.
    const run = await runFfmpegRefusingInput(job, args, () => undefined);
    assertFfmpegOk(run);
    return { written: await wrote(job.outputPath), inputSeconds: run.inputSeconds };
  };

  if (at === undefined) {
    if ((await take(['-t', String(SCAN_SECONDS)], ['-vf', REPRESENTATIVE, ...ONE_FRAME])).written) return;
    if ((await take([], ONE_FRAME)).written) return;
    throw new AppError('unsupported_format', 'The video has no frame to take.');
  }
  const exact = await take(['-ss', String(at)], ONE_FRAME);
  if (exact.written) return;
  const length = exact.inputSeconds;
  // Between the last frame's start and the video's end, -ss has passed the frame shown then: take the last one.
  if (length !== undefined && at < length && (await take(['-sseof', '-1'], [])).written) return;
  const known = length === undefined ? '' : `, which is ${length.toFixed(2)} s long`;
  throw new AppError('validation_failed', `"at" (${at} s) is past the end of the video${known}.`);
}
