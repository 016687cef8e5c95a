import { rm } from 'node:fs/promises';
import os from 'node:os';
import { AppError } from '@/lib/errors';
import { config } from '@/lib/config';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { readHead } from '@/lib/formats/read-head';
import { prepareSearchFirst, searchFirst } from '../sandbox/library-order';
import { EngineError, engineRunsUnderWay, type RunResult } from '../sandbox/sandbox';
import { runStartedAhead } from '../sandbox/standby';
import { PIXEL_LIMITS } from '../limits';
import type { EngineJob, EngineLimits } from '../types';

// How ffmpeg reads untrusted input, for every engine that runs it (./ffmpeg-engine.ts,
// ../media/media-engine.ts, ./subtitle-engine.ts, ./ffmpeg-image-engine.ts, ../compress/media.ts).
// The input demuxer is forced from the content-checked format (`-f mov`, `-f matroska`…), so a
// playlist or concat script dressed up as a video is never parsed as one (CVE-2017-9993 class),
// only the file protocol exists, frames over VIDEO_LIMITS are refused before decoding, and it all
// runs sandboxed. One ffmpeg process per job: whether the input opens, its frame size and its
// duration come from that run's own log (runFfmpegOnInput), so no ffprobe runs before it.

export type Demuxers = Partial<Record<FormatName, string>>;
type Input = Pick<EngineJob, 'inputPath' | 'inputFormat'>;

/** The only demuxer each main media input may be read with. */
export const DEMUXER: Demuxers = {
  mp4: 'mov',
  mov: 'mov',
  m4a: 'mov',
  webm: 'matroska',
  mkv: 'matroska',
  avi: 'avi',
  mp3: 'mp3',
  wav: 'wav',
  ogg: 'ogg',
  flac: 'flac',
  aac: 'aac',
};

/** The frames ffmpeg decodes: a "pixel flood" video is refused up front. */
export const VIDEO_LIMITS: EngineLimits = { maxPixels: PIXEL_LIMITS.video };

const MEMORY_LIMIT = 3 * 1024 ** 3;

/** inspect, inputArgs and cappedInputArgs for inputs read with `demuxers`. */
export function mediaInput(demuxers: Demuxers) {
  const demuxerOf = (job: Input) => {
    const demuxer = demuxers[job.inputFormat];
    if (!demuxer) throw new AppError('unsupported_format', `${job.inputFormat} is not a media format.`);
    return demuxer;
  };

  /** Refuses inputs whose bytes do not prove the claimed container (playlists, scripts, other formats). */
  async function inspect(job: Input): Promise<void> {
    const demuxer = demuxerOf(job);
    const detected = await detectFormat(await readHead(job.inputPath), `input.${job.inputFormat}`);
    if (!detected || demuxers[detected] !== demuxer) {
      throw new AppError('unsupported_format', `The file is not a ${job.inputFormat.toUpperCase()} file.`);
    }
  }

  /**
   * ffmpeg's input arguments with the frame cap: the decoders themselves refuse a frame over
   * VIDEO_LIMITS (libavcodec's max_pixels) before allocating it, whatever the container claims, so
   * no ffprobe run is needed before the conversion (runFfmpegOnInput reports the refusal).
   */
  const cappedInputArgs = (job: Input): string[] => ['-max_pixels', String(VIDEO_LIMITS.maxPixels), ...inputArgs(job)];

  /** Arguments common to every ffmpeg read of untrusted input. */
  const inputArgs = (job: Input): string[] => [
    '-protocol_whitelist',
    'file',
    '-f',
    demuxerOf(job),
    '-i',
    `file:${job.inputPath}`,
  ];

  return { inspect, inputArgs, cappedInputArgs };
}

/** The main media formats' input rules (ffmpeg-engine.ts and ../compress/media.ts). */
export const { inspect, cappedInputArgs } = mediaInput(DEMUXER);

/**
 * ffmpeg in the sandbox with `args` (from ffmpegCommand in ./args.ts), reporting progress against
 * `duration` seconds of output (up to 99: the caller says when it is done).
 */
export function runFfmpeg(job: EngineJob, args: string[], duration: number | undefined): Promise<RunResult> {
  return runStartedAhead({ ...ffmpegRun(job, args), onStdoutLine: progressFromStdout(job, () => duration) });
}

/** `job` for one of several runs: its progress fills [from, to] of the job's, and it writes `outputPath`. */
export function jobPart(job: EngineJob, outputPath: string, from: number, to: number): EngineJob {
  return { ...job, outputPath, onProgress: (p) => job.onProgress(Math.floor(from + ((to - from) * p) / 100)) };
}

/**
 * How every conversion's ffmpeg runs: in the job's folder, with the engine timeout and the memory
 * cap, sharing the cores with the process's other engine runs, its libraries found in the order
 * prepareFfmpeg worked out, in a standby started ahead when one waits (runStartedAhead).
 */
const ffmpegRun = (job: EngineJob, args: string[]) => ({
  command: 'ffmpeg',
  args: sharingCores(args, engineRunsUnderWay()),
  workDir: job.workDir,
  signal: job.signal,
  timeoutMs: config.engineTimeoutMs,
  memoryLimitBytes: MEMORY_LIMIT,
  searchFirst: searchFirst('ffmpeg'),
});

/**
 * Works out, in the background, the order in which ffmpeg's loader searches its 214 libraries
 * (../sandbox/library-order.ts): each run then starts 12–15 ms sooner. Runs before it is known
 * use the loader's own order.
 */
export const prepareFfmpeg = (): Promise<unknown> => prepareSearchFirst('ffmpeg');

/**
 * `args` (from ffmpegCommand: one output, last) with the machine's cores shared among `runs` engine
 * runs: each decoder and the encoders get `-threads` cores ÷ runs. Alone, a run keeps ffmpeg's own
 * choice (about one thread per core). On a busy machine, runs that each spread over every core
 * spend their time switching and waiting for each other: MP4 → WebM two at a time on 2 cores did
 * 4.83–5.03 conversions/s with the cores shared, 4.39–4.63 without (bench/RESULTS.md, "Video engine").
 */
export function sharingCores(args: readonly string[], runs: number): string[] {
  const cores = os.availableParallelism();
  const threads = Math.max(1, Math.floor(cores / Math.max(1, runs)));
  if (threads >= cores) return [...args];
  const n = String(threads);
  const shared = args.flatMap((arg) => (arg === '-i' ? ['-threads', n, arg] : [arg]));
  shared.splice(shared.length - 1, 0, '-threads', n);
  return shared;
}

/** Job progress (up to 99) from ffmpeg's `-progress pipe:1` lines, against `seconds()` of output. */
function progressFromStdout(job: EngineJob, seconds: () => number | undefined): (line: string) => void {
  let last = 0;
  return (line) => {
    // -progress prints key=value blocks; out_time_us is microseconds of output written.
    const m = /^out_time_us=(\d+)$/.exec(line);
    const duration = m ? seconds() : undefined;
    if (!m || !duration) return;
    const pct = Math.min(99, Math.floor(Number(m[1]) / 1e4 / duration));
    if (pct > last) job.onProgress((last = pct));
  };
}

// What ffmpeg logs at level info about its input, and libavutil's refusal of a frame over max_pixels.
const INPUT_OPENED = /^Input #0, /;
const INPUT_DURATION = /^\s*Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/;
const FRAME_REFUSED = /Picture size (\d+)x(\d+) exceeds specified max pixel count/;

/**
 * One sandboxed ffmpeg run that learns about its input from its own log (`args` from
 * ffmpegCommand with `log: 'info'` and cappedInputArgs): the input's duration, once ffmpeg has
 * read it, sets the progress scale (`outputSeconds` turns it into the output's length, for -ss/-t),
 * a frame over the cap is a 400 "too large" and an input ffmpeg cannot open a 400 "could not be
 * read". A refused run leaves no output. Other failures: assertFfmpegOk.
 */
export async function runFfmpegOnInput(
  job: EngineJob,
  args: string[],
  outputSeconds: (inputSeconds: number | undefined) => number | undefined = (s) => s,
): Promise<void> {
  assertFfmpegOk(await runFfmpegRefusingInput(job, args, outputSeconds));
}

/**
 * runFfmpegOnInput's run and refusals, answering any other failed run's result instead of
 * asserting it: for an engine that reads some failures as its own 400 before assertFfmpegOk.
 * `inputSeconds` is the input's length as ffmpeg read it, when it said.
 */
export async function runFfmpegRefusingInput(
  job: EngineJob,
  args: string[],
  outputSeconds: (inputSeconds: number | undefined) => number | undefined,
): Promise<RunResult & { inputSeconds?: number }> {
  let opened = false;
  let inputSeconds: number | undefined;
  let refused: string | undefined;
  let duration: number | undefined;
  const r = await runStartedAhead({
    ...ffmpegRun(job, args),
    onStderrLine: (line) => {
      const frame = FRAME_REFUSED.exec(line);
      if (frame) refused ??= `${frame[1]}×${frame[2]}`;
      if (!opened && INPUT_OPENED.test(line)) {
        opened = true;
        job.onProgress(1);
      } else if (opened && inputSeconds === undefined) {
        // The first Duration after "Input #0" is the input's (the output's description has none).
        const d = INPUT_DURATION.exec(line);
        if (d) inputSeconds = Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) || undefined;
      }
    },
    onStdoutLine: progressFromStdout(job, () => (duration ??= outputSeconds(inputSeconds))),
  });
  if (refused || (r.code !== 0 && !opened)) {
    await rm(job.outputPath, { force: true });
    if (refused) throw new AppError('unsupported_format', `The video frame is too large (${refused}).`);
    throw new AppError('unsupported_format', `The ${job.inputFormat.toUpperCase()} file could not be read.`);
  }
  return { ...r, inputSeconds };
}

/** A failed conversion run: 400 unsupported_format when the input lacks the stream the target needs, else an engine error. */
export function assertFfmpegOk(r: RunResult): void {
  if (r.code === 0) return;
  const msg = r.stderrTail.trim().split('\n').slice(-3).join(' | ');
  if (/does not contain any stream|matches no streams/.test(msg)) {
    throw new AppError('unsupported_format', 'The file has no stream that fits the target format.');
  }
  throw new EngineError(`ffmpeg failed (exit ${r.code ?? r.signal}): ${msg}`);
}
