import { AppError } from '@/lib/api/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { readHead } from '@/lib/formats/read-head';
import { DEMUXER as MAIN_DEMUXER, MAX_VIDEO_PIXELS } from '../ffmpeg-engine';
import type { Engine, EngineJob } from '../types';
import { assertOutput, runTool } from './run-tool';

// The rest of what ffmpeg reads and writes that people use (WMA/WMV, AIFF, AC-3, FLV, MPEG-PS,
// 3GP, MPEG-TS, Ogg Theora…), video → animated WebP and audio → a waveform PNG. Same rules as
// ../ffmpeg-engine.ts: the demuxer is forced from the content-checked format, only the file
// protocol exists, frames over MAX_VIDEO_PIXELS are refused, and it all runs sandboxed.

const NEW_DEMUXER: Partial<Record<FormatName, string>> = {
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
const DEMUXER = { ...MAIN_DEMUXER, ...NEW_DEMUXER };

const OLD_AUDIO = ['mp3', 'wav', 'ogg', 'flac', 'm4a', 'aac'] as const satisfies readonly FormatName[];
const OLD_VIDEO = ['mp4', 'webm', 'mkv', 'mov', 'avi'] as const satisfies readonly FormatName[];
const NEW_AUDIO = ['wma', 'aiff', 'ac3', 'mp2', 'au', 'caf', 'wv', 'voc'] as const satisfies readonly FormatName[];
const NEW_VIDEO = ['flv', 'wmv', 'mpeg', 'vob', '3gp', 'ts', 'm4v', 'ogv'] as const satisfies readonly FormatName[];

const EVEN = 'scale=trunc(iw/2)*2:trunc(ih/2)*2';
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-vf', EVEN];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
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

/** Codec and muxer arguments for each target this engine writes (the main formats as ../ffmpeg-engine.ts writes them). */
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
  opus: ['-c:a', 'libopus', '-b:a', '128k', '-f', 'opus'],
  wma: ['-c:a', 'wmav2', '-b:a', '160k', '-f', 'asf'],
  aiff: ['-c:a', 'pcm_s16be', '-f', 'aiff'],
  ac3: ['-c:a', 'ac3', '-b:a', '192k', '-f', 'ac3'],
  mp2: ['-c:a', 'mp2', '-b:a', '192k', '-f', 'mp2'],
  au: ['-c:a', 'pcm_s16be', '-f', 'au'],
  caf: ['-c:a', 'alac', '-f', 'caf'],
  wv: ['-c:a', 'wavpack', '-f', 'wv'],
  voc: ['-c:a', 'pcm_u8', '-ac', '1', '-f', 'voc'],
  flv: [...H264, ...AAC, '-ar', '44100', '-f', 'flv'],
  wmv: ['-c:v', 'wmv2', '-q:v', '4', '-vf', EVEN, '-c:a', 'wmav2', '-b:a', '160k', '-f', 'asf'],
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
    '[0:a:0]showwavespic=s=1200x240:colors=0x3366cc[w]',
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

const AUDIO_OUT = ['opus', ...NEW_AUDIO] as const satisfies readonly FormatName[];
const isAudio = (f: FormatName) =>
  (OLD_AUDIO as readonly FormatName[]).includes(f) || (NEW_AUDIO as readonly FormatName[]).includes(f);

async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat'>): Promise<void> {
  const demuxer = DEMUXER[job.inputFormat];
  const detected = await detectFormat(await readHead(job.inputPath), `input.${job.inputFormat}`);
  if (!demuxer || !detected || DEMUXER[detected] !== demuxer) {
    throw new AppError('unsupported_format', `The file is not a ${job.inputFormat.toUpperCase()} file.`);
  }
}

const inputArgs = (job: EngineJob) => [
  '-protocol_whitelist',
  'file',
  '-f',
  DEMUXER[job.inputFormat]!,
  '-i',
  `file:${job.inputPath}`,
];

type ProbeJson = { streams?: Array<{ codec_type?: string; width?: number; height?: number }> };

async function probe(job: EngineJob): Promise<void> {
  const out = await runTool(job, 'ffprobe', [
    '-v',
    'error',
    ...inputArgs(job),
    '-show_entries',
    'stream=codec_type,width,height',
    '-of',
    'json',
  ]).catch((e: unknown) => {
    throw new AppError('unsupported_format', `The ${job.inputFormat.toUpperCase()} file could not be read.`, {
      cause: e,
    });
  });
  const info = JSON.parse(out || '{}') as ProbeJson;
  if (!info.streams?.length)
    throw new AppError('unsupported_format', `The ${job.inputFormat.toUpperCase()} file has no streams.`);
  for (const s of info.streams) {
    if (s.codec_type === 'video' && (s.width ?? 0) * (s.height ?? 0) > MAX_VIDEO_PIXELS) {
      throw new AppError('unsupported_format', `The video frame is too large (${s.width}×${s.height}).`);
    }
  }
}

async function convert(job: EngineJob): Promise<void> {
  const codecArgs = OUTPUT_ARGS[job.targetFormat];
  if (!codecArgs) throw new AppError('unsupported_format', `Cannot write ${job.targetFormat}.`);
  await probe(job);
  const t = job.targetFormat;
  const streams =
    t === 'png' || t === 'gif'
      ? []
      : t === 'webp'
        ? ['-map', '0:v:0']
        : isAudio(t) || t === 'opus'
          ? ['-map', '0:a:0', '-vn']
          : ['-map', '0:v:0', '-map', '0:a:0?'];
  await runTool(
    job,
    'ffmpeg',
    [
      '-nostdin',
      '-hide_banner',
      '-nostats',
      '-loglevel',
      'error',
      '-y',
      ...inputArgs(job),
      ...streams,
      '-sn',
      '-dn',
      '-map_metadata',
      '-1',
      ...codecArgs,
      `file:${job.outputPath}`,
    ],
    { memoryLimitBytes: 3 * 1024 ** 3 },
  );
  await assertOutput(job.outputPath, 'ffmpeg');
  job.onProgress(100);
}

const VIDEO_OUT = [...OLD_VIDEO, ...NEW_VIDEO];

export const mediaEngine: Engine = {
  name: 'ffmpeg-more',
  requires: ['ffmpeg', 'ffprobe'],
  conversions: [
    { from: [...OLD_AUDIO, ...NEW_AUDIO], to: [...AUDIO_OUT, ...OLD_AUDIO, 'png'] },
    { from: [...OLD_VIDEO, ...NEW_VIDEO], to: [...VIDEO_OUT, ...AUDIO_OUT, ...OLD_AUDIO, 'webp', 'gif'] },
  ],
  inspect,
  convert,
};
