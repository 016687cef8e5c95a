import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { clip, EVEN, ffmpegCommand, OUTPUT_ARGS } from './args';
import { convertToGif } from './gif';
import { type MediaOptions, mediaOptions } from './options';
import { cappedInputArgs, inspect, runFfmpegOnInput, VIDEO_LIMITS } from './sandboxed';
import type { Engine, EngineJob } from '../types';

// Video and audio through ffmpeg, sandboxed, with the input rules of ./sandboxed.ts
// (forced demuxer, file protocol only, frame-size limit), in one ffmpeg run (a GIF takes two,
// ./gif.ts): the frame cap and the duration for progress come from that run, not from an
// ffprobe run before it.

const VIDEO_IN = ['mp4', 'webm', 'mkv', 'mov', 'avi'] as const satisfies readonly FormatName[];
const AUDIO = ['mp3', 'wav', 'ogg', 'flac', 'm4a', 'aac'] as const satisfies readonly FormatName[];
const VIDEO_OUT = [...VIDEO_IN, 'gif'] as const satisfies readonly FormatName[];

const isAudio = (f: FormatName) => (AUDIO as readonly FormatName[]).includes(f);

/**
 * A target's codec arguments with the conversion's options applied (./options.ts says
 * which apply to a pair). Every value is a number checked by its schema, written with String():
 * nothing from the request reaches ffmpeg as text.
 */
function outputArgs(target: FormatName, o: Partial<MediaOptions>): string[] {
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
  if (!isAudio(target) && (o.fps || scale)) {
    const filters = [o.fps ? `fps=${o.fps}` : '', scale ?? ''].filter(Boolean);
    const i = args.indexOf('-vf');
    if (i >= 0) args[i + 1] = [...filters, args[i + 1]].join(',');
    else args.unshift('-vf', [...filters, EVEN].join(','));
  }
  return args;
}

async function convert(job: EngineJob): Promise<void> {
  const o = job.options as Partial<MediaOptions>;
  if (job.targetFormat === 'gif') await convertToGif(job, cappedInputArgs(job), o);
  else {
    if (!OUTPUT_ARGS[job.targetFormat]) throw new AppError('unsupported_format', `Cannot write ${job.targetFormat}.`);
    const { before, after, seconds } = clip(o);
    const audio = o.remove_audio ? ['-an'] : ['-map', '0:a:0?'];
    const streams = isAudio(job.targetFormat) ? ['-map', '0:a:0', '-vn'] : ['-map', '0:v:0', ...audio];
    const args = ffmpegCommand({
      input: [...before, ...cappedInputArgs(job), ...after],
      streams,
      codec: outputArgs(job.targetFormat, o),
      outputPath: job.outputPath,
      log: 'info',
    });
    await runFfmpegOnInput(job, args, seconds);
  }
  job.onProgress(100);
}

export const ffmpegEngine: Engine = {
  name: 'ffmpeg',
  conversions: [
    ...VIDEO_IN.map((from) => ({ from: [from], to: [...VIDEO_OUT.filter((t) => t !== from), ...AUDIO] })),
    ...AUDIO.map((from) => ({ from: [from], to: AUDIO.filter((t) => t !== from) })),
  ],
  options: mediaOptions,
  limits: VIDEO_LIMITS,
  inspect,
  convert,
};
