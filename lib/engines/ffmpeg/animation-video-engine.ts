import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { EVEN, ffmpegCommand, h264, webmVp9 } from './args';
import { jobPart, runFfmpegOnInput } from './sandboxed';
import { PIXEL_LIMITS } from '../limits';
import { assertOutput } from '../sandbox/run-tool';
import { EngineError } from '../sandbox/sandbox';
import { askWorker } from '../sharp/sharp-engine';
import { headerExpectation, throwIfRefused } from '../sharp/header';
import type { Engine, EngineJob, EngineLimits } from '../types';
import { takeOut } from '../warm/exchange';

// Animated GIF and WebP → MP4 (H.264) and WebM (VP9): every frame for its own delay, at the
// picture's size. ffmpeg 5.1 cannot decode animated WebP, so the warm sharp worker (libvips)
// decodes both kinds, within the image pixel budget checked on the header first: each frame as
// shown (disposal and blending applied), laid over white since these videos have no
// transparency, written as a PNG in the job folder. ffmpeg reads them back through a concat list
// this engine writes, each frame with its delay, and keeps those times (variable frame rate).

const LIMITS: EngineLimits = { maxPixels: PIXEL_LIMITS.image };
const BACKGROUND = '#ffffff';
/** Browsers show a frame of 10 ms or less (0 is common in GIFs) for 100 ms, and so does the video. */
const SHORTEST_DELAY_MS = 10;
const DEFAULT_DELAY_MS = 100;

/** H.264 in 4:2:0 needs even sides: an odd side gets one more pixel of the background, nothing is scaled. */
const PAD_EVEN = 'pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:color=white';

const CODEC: Partial<Record<FormatName, string[]>> = {
  mp4: [...h264('23').map((a) => (a === EVEN ? PAD_EVEN : a)), '-movflags', '+faststart', '-f', 'mp4'],
  // VP9 takes odd sides as they are.
  webm: webmVp9('35', '128k'),
};

/** The animation's frames as `frames/frame-<n>.png` in the job folder, and each one's delay in ms (if it has one). */
async function extractFrames(job: EngineJob): Promise<{ dir: string; delays: Array<number | null> }> {
  const dir = path.join(job.workDir, 'frames');
  await mkdir(dir);
  const reply = await askWorker(
    job.inputPath,
    job.signal,
    (inFile, slot) => ({
      op: 'frames',
      in: inFile,
      outPrefix: path.join(slot, 'frame'),
      flatten: BACKGROUND,
      ...headerExpectation(job.inputFormat, LIMITS.maxPixels),
    }),
    async (slot) => {
      for (const name of await readdir(slot)) {
        if (!/^frame-\d+\.png$/.test(name)) continue;
        if (!(await takeOut(path.join(slot, name), path.join(dir, name))))
          throw new EngineError('sharp wrote an empty frame');
      }
    },
  );
  if (!reply.ok) throw new AppError('unsupported_format', `The animation could not be read: ${reply.error}`);
  throwIfRefused(reply, job.inputFormat, LIMITS.maxPixels);
  return { dir, delays: reply.delays as Array<number | null> };
}

/** Each frame's time on screen, in seconds. */
export const frameSeconds = (delays: ReadonlyArray<number | null>) =>
  delays.map((ms) => (ms !== null && ms > SHORTEST_DELAY_MS ? ms : DEFAULT_DELAY_MS) / 1000);

/**
 * ffmpeg's concat list of the frames. Each entry's `option framerate 1000` gives it a millisecond
 * time base (at the image demuxer's default 1/25 s, a frame due at 0.7 s came at 0.72 s). The last
 * frame is listed once more: the demuxer ends the video at the start of the last entry, so the
 * repeat (1 ms) is what keeps the real last frame on screen for its delay.
 */
function concatList(seconds: readonly number[]): string {
  const entry = (n: number) => `file 'frame-${n}.png'\noption framerate 1000\n`;
  const frames = seconds.map((s, i) => `${entry(i + 1)}duration ${s}\n`);
  return ['ffconcat version 1.0\n', ...frames, entry(seconds.length)].join('');
}

async function convert(job: EngineJob): Promise<void> {
  const codec = CODEC[job.targetFormat];
  if (!codec) throw new AppError('unsupported_format', `Cannot write ${job.targetFormat}.`);
  job.onProgress(5);
  const { dir, delays } = await extractFrames(job);
  job.onProgress(30);
  const seconds = frameSeconds(delays);
  const list = path.join(dir, 'list.ffconcat');
  await writeFile(list, concatList(seconds));
  const args = ffmpegCommand({
    // -safe 0 allows the entries' `option` lines; the list and every file it names are this job's own.
    input: ['-protocol_whitelist', 'file', '-f', 'concat', '-safe', '0', '-i', `file:${list}`],
    streams: ['-map', '0:v:0', '-fps_mode', 'vfr'],
    codec,
    outputPath: job.outputPath,
    log: 'info',
  });
  const total = seconds.reduce((a, b) => a + b, 0);
  await runFfmpegOnInput(jobPart(job, job.outputPath, 30, 99), args, () => total);
  await assertOutput(job.outputPath, 'ffmpeg');
  job.onProgress(100);
}

export const animationVideoEngine: Engine = {
  name: 'animation-video',
  requires: ['ffmpeg'],
  conversions: [{ from: ['gif', 'webp'], to: ['mp4', 'webm'] }],
  limits: LIMITS,
  convert,
};
