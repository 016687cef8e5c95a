import { AppError } from '@/lib/errors';
import { formatInfo, type FormatName } from '@/lib/formats/catalog';
import { aac, EVEN, ffmpegCommand, h264, OUTPUT_ARGS as MAIN_OUTPUT_ARGS } from '../ffmpeg/args';
import { convertToGif } from '../ffmpeg/gif';
import { MediaOptions, mediaOptions } from '../ffmpeg/options';
import { convertToStill, STILL_TARGETS } from '../ffmpeg/still';
import {
  DEMUXER as MAIN_DEMUXER,
  type Demuxers,
  mediaInput,
  runFfmpegOnInput,
  VIDEO_LIMITS,
} from '../ffmpeg/sandboxed';
import type { Engine, EngineJob, EngineOptions } from '../types';
import { assertOutput } from '../sandbox/run-tool';
import {
  AT_MOST_STEREO,
  ELEMENTARY_VIDEO,
  ELEMENTARY_VIDEO_IN,
  NICHE_AUDIO,
  NICHE_AUDIO_OUT,
  NICHE_DEMUXER,
  NICHE_OUTPUT_ARGS,
  NICHE_VIDEO,
  NICHE_VIDEO_OUT,
} from './niche-formats';

// The rest of what ffmpeg reads and writes that people use (WMA/WMV, AIFF, AC-3, FLV, MPEG-PS,
// 3GP, MPEG-TS, Ogg Theora…), video → animated WebP, GIF or one still image (JPG, PNG, WebP with
// `at`: ../ffmpeg/still.ts), and audio → a waveform PNG. Same rules as
// ../ffmpeg/ffmpeg-engine.ts (../ffmpeg/sandboxed.ts): the demuxer is forced from the content-checked
// format, only the file protocol exists, frames over VIDEO_LIMITS are refused, all sandboxed, in
// one ffmpeg run (the frame cap and the duration for progress come from it, as there; a GIF takes two).

const EVERYDAY_DEMUXER: Demuxers = {
  wma: 'asf',
  wmv: 'asf',
  aiff: 'aiff',
  ac3: 'ac3',
  mp2: 'mp3',
  au: 'au',
  caf: 'caf',
  wv: 'wv',
  voc: 'voc',
  flv: 'flv',
  mpeg: 'mpeg',
  vob: 'mpeg',
  '3gp': 'mov',
  ts: 'mpegts',
  m4v: 'mov',
  ogv: 'ogg',
};
const { inspect, cappedInputArgs } = mediaInput({ ...MAIN_DEMUXER, ...EVERYDAY_DEMUXER, ...NICHE_DEMUXER });

const MAIN_AUDIO = ['mp3', 'wav', 'ogg', 'flac', 'm4a', 'aac'] as const satisfies readonly FormatName[];
const MAIN_VIDEO = ['mp4', 'webm', 'mkv', 'mov', 'avi'] as const satisfies readonly FormatName[];
const EVERYDAY_AUDIO = ['wma', 'aiff', 'ac3', 'mp2', 'au', 'caf', 'wv', 'voc'] as const satisfies readonly FormatName[];
const EVERYDAY_VIDEO = [
  'flv',
  'wmv',
  'mpeg',
  'vob',
  '3gp',
  'ts',
  'm4v',
  'ogv',
] as const satisfies readonly FormatName[];

const H264 = h264('23');
/** Some decoders (Speex, TTA) give a channel count without a layout, which encoders refuse: name one. */
const LAYOUTS = 'aformat=channel_layouts=mono|stereo|quad|5.1|7.1';
const LAYOUTLESS = new Set<FormatName>(['spx', 'tta']);
const AAC = aac();
const MPEG_PS = [
  '-c:v',
  'mpeg2video',
  '-q:v',
  '4',
  '-r',
  '25',
  '-vf',
  EVEN,
  '-c:a',
  'mp2',
  '-b:a',
  '192k',
  '-ar',
  '48000',
];

/** Codec and muxer arguments for each target this engine writes (the main formats as ../ffmpeg/ffmpeg-engine.ts writes them). */
const OUTPUT_ARGS: Partial<Record<FormatName, string[]>> = {
  ...MAIN_OUTPUT_ARGS,
  ...NICHE_OUTPUT_ARGS,
  opus: ['-c:a', 'libopus', '-b:a', '128k', '-f', 'opus'],
  wma: ['-c:a', 'wmav2', '-b:a', '160k', ...AT_MOST_STEREO, '-f', 'asf'],
  aiff: ['-c:a', 'pcm_s16be', '-f', 'aiff'],
  ac3: ['-c:a', 'ac3', '-b:a', '192k', '-f', 'ac3'],
  mp2: ['-c:a', 'mp2', '-b:a', '192k', '-f', 'mp2'],
  au: ['-c:a', 'pcm_s16be', '-f', 'au'],
  caf: ['-c:a', 'alac', '-f', 'caf'],
  wv: ['-c:a', 'wavpack', '-f', 'wv'],
  voc: ['-c:a', 'pcm_u8', '-ac', '1', '-f', 'voc'],
  flv: [...H264, ...AAC, '-ar', '44100', '-f', 'flv'],
  wmv: ['-c:v', 'wmv2', '-q:v', '4', '-vf', EVEN, '-c:a', 'wmav2', '-b:a', '160k', ...AT_MOST_STEREO, '-f', 'asf'],
  mpeg: [...MPEG_PS, '-f', 'mpeg'],
  vob: [...MPEG_PS, '-f', 'vob'],
  '3gp': [...H264, ...AAC, '-ar', '44100', '-f', '3gp'],
  ts: [...H264, ...AAC, '-f', 'mpegts'],
  m4v: [...H264, ...AAC, '-movflags', '+faststart', '-f', 'mp4'],
  ogv: ['-c:v', 'libtheora', '-q:v', '6', '-c:a', 'libvorbis', '-q:a', '4', '-f', 'ogg'],
  webp: [
    '-an',
    '-vf',
    "fps=10,scale='min(480,iw)':-2",
    '-c:v',
    'libwebp_anim',
    '-q:v',
    '70',
    '-loop',
    '0',
    '-f',
    'webp',
  ],
  png: [
    '-filter_complex',
    `[0:a:0]${LAYOUTS},showwavespic=s=1200x240:colors=0x3366cc[w]`,
    '-map',
    '[w]',
    '-frames:v',
    '1',
    '-c:v',
    'png',
    '-f',
    'image2',
  ],
};

const AUDIO_OUT = ['opus', ...EVERYDAY_AUDIO] as const satisfies readonly FormatName[];
const AUDIO_TARGETS = new Set<FormatName>([...MAIN_AUDIO, ...EVERYDAY_AUDIO, ...NICHE_AUDIO_OUT, 'opus']);
const VIDEO_ONLY_TARGETS = new Set<FormatName>(['webp', ...ELEMENTARY_VIDEO]);

/** Video → GIF or a still image: the picture options of ../ffmpeg/options.ts, as ../ffmpeg/ffmpeg-engine.ts takes them. */
async function convertToPicture(job: EngineJob): Promise<boolean> {
  const t = job.targetFormat;
  const o = job.options as Partial<MediaOptions>;
  if (formatInfo(job.inputFormat)?.family !== 'video') return false;
  if (t === 'gif') await convertToGif(job, cappedInputArgs(job), o);
  // A video → WebP is an animated WebP unless a frame is asked for.
  else if ((STILL_TARGETS as FormatName[]).includes(t) && (t !== 'webp' || o.at !== undefined))
    await convertToStill(job, cappedInputArgs(job), o.at);
  else return false;
  return true;
}

async function convert(job: EngineJob): Promise<void> {
  const t = job.targetFormat;
  if (await convertToPicture(job)) {
    job.onProgress(100);
    return;
  }
  const codecArgs = OUTPUT_ARGS[t];
  if (!codecArgs) throw new AppError('unsupported_format', `Cannot write ${t}.`);
  const streams =
    t === 'png'
      ? []
      : VIDEO_ONLY_TARGETS.has(t)
        ? ['-map', '0:v:0']
        : AUDIO_TARGETS.has(t)
          ? ['-map', '0:a:0', '-vn']
          : ['-map', '0:v:0', '-map', '0:a:0?'];
  const codec = LAYOUTLESS.has(job.inputFormat) && AUDIO_TARGETS.has(t) ? ['-af', LAYOUTS, ...codecArgs] : codecArgs;
  const args = ffmpegCommand({ input: cappedInputArgs(job), streams, codec, outputPath: job.outputPath, log: 'info' });
  // A waveform PNG is one frame whatever the input's length: no progress against the duration.
  await runFfmpegOnInput(job, args, t === 'png' ? () => undefined : undefined);
  await assertOutput(job.outputPath, 'ffmpeg');
  job.onProgress(100);
}

const VIDEO_OUT = [...MAIN_VIDEO, ...EVERYDAY_VIDEO];
const VIDEO_IN = [...MAIN_VIDEO, ...EVERYDAY_VIDEO, ...NICHE_VIDEO, ...ELEMENTARY_VIDEO_IN];
/** Only a video's pictures (GIF, a still) take options here: ../ffmpeg/options.ts says which. */
const PICTURE_OPTIONS: EngineOptions<typeof MediaOptions> = {
  schema: MediaOptions,
  names: (from, to) => (formatInfo(to)?.family === 'image' ? mediaOptions.names(from, to) : []),
};
const COMMON_AUDIO = ['mp3', 'wav', 'flac', 'm4a'] as const satisfies readonly FormatName[];

export const mediaEngine: Engine = {
  name: 'ffmpeg-media',
  requires: ['ffmpeg'],
  conversions: [
    { from: [...MAIN_AUDIO, ...EVERYDAY_AUDIO], to: [...AUDIO_OUT, ...MAIN_AUDIO, 'png'] },
    { from: [...MAIN_VIDEO, ...EVERYDAY_VIDEO], to: [...VIDEO_OUT, ...AUDIO_OUT, ...MAIN_AUDIO, 'webp', 'gif'] },
    // The niche formats (./niche-formats.ts): their inputs to the targets people use, the common inputs to their targets.
    { from: NICHE_AUDIO, to: [...COMMON_AUDIO, 'png'] },
    { from: NICHE_VIDEO, to: ['mp4', 'mkv', 'webm', 'gif', 'mp3'] },
    { from: ELEMENTARY_VIDEO_IN, to: ['mp4', 'mkv', 'webm', 'gif'] },
    { from: ['mp3', 'wav'], to: NICHE_AUDIO_OUT },
    { from: ['mp4'], to: [...NICHE_VIDEO_OUT, ...NICHE_AUDIO_OUT] },
    { from: ['mkv', 'mov'], to: NICHE_VIDEO_OUT },
    { from: VIDEO_IN, to: ['jpg', 'png'] },
  ],
  options: PICTURE_OPTIONS,
  limits: VIDEO_LIMITS,
  inspect,
  convert,
};
