import { readHead } from '@/lib/formats/read-head';
import { AppError } from '@/lib/api/errors';
import { config } from '@/lib/config';
import type { ConvertOptions } from '@/lib/conversions/convert-options';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { EngineError, runSandboxed, type RunResult } from './sandbox';
import type { Engine, EngineJob } from './types';

// Video and audio through ffmpeg, sandboxed. The input demuxer is forced from the
// content-checked format (`-f mov`, `-f matroska`…), so a playlist or concat script dressed
// up as a video is never parsed as one (CVE-2017-9993 class), and only file/pipe protocols exist.

const VIDEO_IN = ['mp4', 'webm', 'mkv', 'mov', 'avi'] as const satisfies readonly FormatName[];
const AUDIO = ['mp3', 'wav', 'ogg', 'flac', 'm4a', 'aac'] as const satisfies readonly FormatName[];
const VIDEO_OUT = [...VIDEO_IN, 'gif'] as const satisfies readonly FormatName[];

/** The only demuxer each input may be read with. */
export const DEMUXER: Partial<Record<FormatName, string>> = {
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

const MEMORY_LIMIT = 3 * 1024 ** 3;
const EVEN = 'scale=trunc(iw/2)*2:trunc(ih/2)*2';
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-vf', EVEN];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];

/** Codec and muxer arguments for each target. */
const OUTPUT_ARGS: Partial<Record<FormatName, string[]>> = {
  mp4: [...H264, ...AAC, '-movflags', '+faststart', '-f', 'mp4'],
  mov: [...H264, ...AAC, '-movflags', '+faststart', '-f', 'mov'],
  mkv: [...H264, ...AAC, '-f', 'matroska'],
  webm: [
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-row-mt',
    '1',
    '-b:v',
    '0',
    '-crf',
    '35',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'libopus',
    '-b:a',
    '128k',
    '-f',
    'webm',
  ],
  avi: ['-c:v', 'mpeg4', '-q:v', '5', '-vf', EVEN, '-c:a', 'libmp3lame', '-q:a', '4', '-f', 'avi'],
  gif: [
    '-an',
    '-filter_complex',
    "[0:v:0]fps=10,scale='min(480,iw)':-2:flags=lanczos,split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer",
    '-loop',
    '0',
    '-f',
    'gif',
  ],
  mp3: ['-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  ogg: ['-c:a', 'libvorbis', '-q:a', '4', '-f', 'ogg'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
  m4a: [...AAC, '-movflags', '+faststart', '-f', 'ipod'],
  aac: [...AAC, '-f', 'adts'],
};

const isAudio = (f: FormatName) => (AUDIO as readonly FormatName[]).includes(f);

const GIF_SCALE = "scale='min(480,iw)':-2";

/**
 * A target's codec arguments with the conversion's options applied (lib/conversions/convert-options.ts
 * decides which apply). Every value is a number checked by its schema, written with String():
 * nothing from the request reaches ffmpeg as text.
 */
export function outputArgs(target: FormatName, o: ConvertOptions): string[] {
  const args = [...(OUTPUT_ARGS[target] ?? [])];
  const set = (flag: string, value: string) => {
    const i = args.indexOf(flag);
    if (i >= 0) args[i + 1] = value;
    else args.unshift(flag, value);
  };
  const drop = (flag: string) => {
    const i = args.indexOf(flag);
    if (i >= 0) args.splice(i, 2);
  };
  if (o.audio_bitrate) {
    drop('-q:a');
    set('-b:a', `${o.audio_bitrate}k`);
  }
  if (o.crf !== undefined) set('-crf', String(o.crf));
  if (o.video_bitrate) {
    drop('-crf');
    drop('-q:v');
    set('-b:v', `${o.video_bitrate}k`);
  }
  if (o.audio_channels) args.unshift('-ac', String(o.audio_channels));
  if (o.sample_rate) args.unshift('-ar', String(o.sample_rate));
  const scale = o.width || o.height ? `scale=${o.width ?? -2}:${o.height ?? -2}` : undefined;
  if (target === 'gif') {
    const i = args.indexOf('-filter_complex');
    args[i + 1] = args[i + 1].replace('fps=10', `fps=${o.fps ?? 10}`).replace(GIF_SCALE, scale ?? GIF_SCALE);
  } else if (!isAudio(target) && (o.fps || scale)) {
    const filters = [o.fps ? `fps=${o.fps}` : '', scale ?? ''].filter(Boolean);
    const i = args.indexOf('-vf');
    if (i >= 0) args[i + 1] = [...filters, args[i + 1]].join(',');
    else args.unshift('-vf', [...filters, EVEN].join(','));
  }
  return args;
}

/** Refuses inputs whose bytes do not prove the claimed container (playlists, scripts, other formats). */
export async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat'>): Promise<void> {
  const demuxer = DEMUXER[job.inputFormat];
  if (!demuxer) throw new AppError('unsupported_format', `${job.inputFormat} is not a media format.`);
  const detected = await detectFormat(await readHead(job.inputPath), `input.${job.inputFormat}`);
  if (!detected || DEMUXER[detected] !== demuxer) {
    throw new AppError('unsupported_format', `The file is not a ${job.inputFormat.toUpperCase()} file.`);
  }
}

/** Arguments common to every ffmpeg/ffprobe read of untrusted input. */
export function inputArgs(job: Pick<EngineJob, 'inputPath' | 'inputFormat'>): string[] {
  const demuxer = DEMUXER[job.inputFormat];
  if (!demuxer) throw new AppError('unsupported_format', `${job.inputFormat} is not a media format.`);
  return ['-protocol_whitelist', 'file', '-f', demuxer, '-i', `file:${job.inputPath}`];
}

/** Largest video frame we decode (8K UHD ≈ 33 MP): a "pixel flood" video is refused up front. */
export const MAX_VIDEO_PIXELS = 40_000_000;

type ProbeJson = {
  format?: { duration?: string };
  streams?: Array<{ codec_type?: string; width?: number; height?: number }>;
};

/** Probes the input (sandboxed): refuses oversized frames; returns the duration in seconds if known. */
export async function probe(job: EngineJob): Promise<number | undefined> {
  let out = '';
  const r = await runSandboxed({
    command: 'ffprobe',
    args: [
      '-v',
      'error',
      '-hide_banner',
      ...inputArgs(job),
      '-show_entries',
      'format=duration:stream=codec_type,width,height',
      '-of',
      'json',
    ],
    workDir: job.workDir,
    signal: job.signal,
    timeoutMs: Math.min(60_000, config.engineTimeoutMs),
    memoryLimitBytes: MEMORY_LIMIT,
    onStdoutLine: (l) => (out += l),
  });
  let info: ProbeJson = {};
  try {
    info = JSON.parse(out) as ProbeJson;
  } catch {
    // handled below
  }
  if (r.code !== 0 || !info.streams?.length)
    throw new AppError('unsupported_format', `The ${job.inputFormat.toUpperCase()} file could not be read.`);
  for (const s of info.streams) {
    if (s.codec_type === 'video' && (s.width ?? 0) * (s.height ?? 0) > MAX_VIDEO_PIXELS) {
      throw new AppError('unsupported_format', `The video frame is too large (${s.width}×${s.height}).`);
    }
  }
  const seconds = Number.parseFloat(info.format?.duration ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * ffmpeg in the sandbox with `args` (ending in `-progress pipe:1` and the output), reporting
 * progress against `duration` seconds of output (up to 99: the caller says when it is done).
 */
export function runFfmpeg(job: EngineJob, args: string[], duration: number | undefined): Promise<RunResult> {
  let last = 0;
  return runSandboxed({
    command: 'ffmpeg',
    args,
    workDir: job.workDir,
    signal: job.signal,
    timeoutMs: config.engineTimeoutMs,
    memoryLimitBytes: MEMORY_LIMIT,
    onStdoutLine: (line) => {
      // -progress prints key=value blocks; out_time_us is microseconds of output written.
      const m = /^out_time_us=(\d+)$/.exec(line);
      if (!m || !duration) return;
      const pct = Math.min(99, Math.floor(Number(m[1]) / 1e4 / duration));
      if (pct > last) job.onProgress((last = pct));
    },
  });
}

async function convert(job: EngineJob): Promise<void> {
  if (!OUTPUT_ARGS[job.targetFormat]) throw new AppError('unsupported_format', `Cannot write ${job.targetFormat}.`);
  const o = job.options as ConvertOptions;
  const codecArgs = outputArgs(job.targetFormat, o);
  const total = await probe(job);
  job.onProgress(1);
  const start = o.start ?? 0;
  const duration = total === undefined ? o.duration : Math.min(o.duration ?? Infinity, Math.max(0, total - start));
  const audio = o.remove_audio ? ['-an'] : ['-map', '0:a:0?'];
  const streams =
    job.targetFormat === 'gif'
      ? []
      : isAudio(job.targetFormat)
        ? ['-map', '0:a:0', '-vn']
        : ['-map', '0:v:0', ...audio];
  const args = [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    ...(start > 0 ? ['-ss', String(start)] : []),
    ...inputArgs(job),
    ...(o.duration ? ['-t', String(o.duration)] : []),
    ...streams,
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    ...codecArgs,
    '-progress',
    'pipe:1',
    `file:${job.outputPath}`,
  ];
  const r = await runFfmpeg(job, args, duration);
  if (r.code !== 0) {
    const msg = r.stderrTail.trim().split('\n').slice(-3).join(' | ');
    if (/does not contain any stream|matches no streams/.test(msg)) {
      throw new AppError('unsupported_format', 'The file has no stream that fits the target format.');
    }
    throw new EngineError(`ffmpeg failed (exit ${r.code ?? r.signal}): ${msg}`);
  }
  job.onProgress(100);
}

export const ffmpegEngine: Engine = {
  name: 'ffmpeg',
  conversions: [
    ...VIDEO_IN.map((from) => ({ from: [from], to: [...VIDEO_OUT.filter((t) => t !== from), ...AUDIO] })),
    ...AUDIO.map((from) => ({ from: [from], to: AUDIO.filter((t) => t !== from) })),
  ],
  inspect,
  convert,
};
