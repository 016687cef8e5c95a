import { AppError } from '@/lib/api/errors';
import type { CompressLevel } from '@/lib/conversions/operations';
import type { FormatName } from '@/lib/formats/catalog';
import { inputArgs, inspect, probe, runFfmpeg } from '../ffmpeg-engine';
import { EngineError } from '../sandbox';
import type { CompressFamily } from './compressor';

// Video and audio: ffmpeg re-encodes in the same container and codec family at a constant
// quality (CRF) per level for video and a lower bitrate for audio, in the sandbox with the
// converter's input rules (forced demuxer, file protocol only).

const EVEN = 'scale=trunc(iw/2)*2:trunc(ih/2)*2';

const pick = <T>(level: CompressLevel, values: [T, T, T]) => values[['low', 'medium', 'high'].indexOf(level)];

function h264(level: CompressLevel, muxer: string[]): string[] {
  const crf = pick(level, [24, 28, 32]);
  const audio = pick(level, ['128k', '96k', '64k']);
  return [
    '-c:v',
    'libx264',
    '-preset',
    'faster',
    '-crf',
    String(crf),
    '-pix_fmt',
    'yuv420p',
    '-vf',
    EVEN,
    '-c:a',
    'aac',
    '-b:a',
    audio,
    ...muxer,
  ];
}

const OUTPUT: Partial<Record<FormatName, (level: CompressLevel) => string[]>> = {
  mp4: (l) => h264(l, ['-movflags', '+faststart', '-f', 'mp4']),
  mov: (l) => h264(l, ['-movflags', '+faststart', '-f', 'mov']),
  mkv: (l) => h264(l, ['-f', 'matroska']),
  webm: (l) => [
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
    String(pick(l, [36, 42, 48])),
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'libopus',
    '-b:a',
    pick(l, ['96k', '64k', '40k']),
    '-f',
    'webm',
  ],
  mp3: (l) => ['-c:a', 'libmp3lame', '-b:a', pick(l, ['128k', '96k', '64k']), '-f', 'mp3'],
  m4a: (l) => ['-c:a', 'aac', '-b:a', pick(l, ['128k', '96k', '64k']), '-movflags', '+faststart', '-f', 'ipod'],
  ogg: (l) => ['-c:a', 'libvorbis', '-q:a', pick(l, ['3', '1', '-1']), '-f', 'ogg'],
};

/** The encoder arguments for `format` at `level` (bench/compress.ts runs them as its baseline). */
export const mediaCodecArgs = (format: FormatName, level: CompressLevel) => OUTPUT[format]?.(level);

const AUDIO: ReadonlySet<FormatName> = new Set(['mp3', 'm4a', 'ogg']);

export const mediaFamily: CompressFamily = {
  name: 'media',
  formats: Object.keys(OUTPUT) as FormatName[],
  inspect,
  async compress(job, options) {
    const codec = OUTPUT[job.inputFormat];
    if (!codec) throw new AppError('unsupported_format', `${job.inputFormat} does not compress.`);
    const duration = await probe(job);
    job.onProgress(1);
    const streams = AUDIO.has(job.inputFormat) ? ['-map', '0:a:0', '-vn'] : ['-map', '0:v:0', '-map', '0:a:0?'];
    const r = await runFfmpeg(
      job,
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
        ...codec(options.level),
        '-progress',
        'pipe:1',
        `file:${job.outputPath}`,
      ],
      duration,
    );
    if (r.code !== 0)
      throw new EngineError(`ffmpeg failed (exit ${r.code ?? r.signal}): ${r.stderrTail.trim().slice(-300)}`);
  },
};
