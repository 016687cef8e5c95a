import { AppError } from '@/lib/errors';
import type { CompressLevel } from '@/lib/domain/tools';
import type { FormatName } from '@/lib/formats/catalog';
import { aac, ffmpegCommand, h264 as h264Video, webmVp9 } from '../ffmpeg/args';
import { DEMUXER, mediaInput, runFfmpegOnInput, VIDEO_LIMITS } from '../ffmpeg/sandboxed';
import { NICHE_DEMUXER } from '../media/niche-formats';
import type { CompressFamily } from './compressor';

// Video and audio: ffmpeg re-encodes in the same container and codec family at a constant
// quality (CRF) per level for video and a lower bitrate for audio, in the sandbox with the
// converter's input rules (forced demuxer, file protocol only, frame cap), in one ffmpeg run.

// Read as the converter reads them (forced demuxer): the core containers, and Ogg Opus.
const { inspect, cappedInputArgs } = mediaInput({ ...DEMUXER, opus: NICHE_DEMUXER.opus });

const pick = <T>(level: CompressLevel, values: [T, T, T]) => values[['low', 'medium', 'high'].indexOf(level)];

function h264(level: CompressLevel, muxer: string[]): string[] {
  const crf = pick(level, ['24', '28', '32']);
  const audio = pick(level, ['128k', '96k', '64k']);
  return [...h264Video(crf, 'faster'), ...aac(audio), ...muxer];
}

const OUTPUT: Partial<Record<FormatName, (level: CompressLevel) => string[]>> = {
  mp4: (l) => h264(l, ['-movflags', '+faststart', '-f', 'mp4']),
  mov: (l) => h264(l, ['-movflags', '+faststart', '-f', 'mov']),
  mkv: (l) => h264(l, ['-f', 'matroska']),
  webm: (l) => webmVp9(pick(l, ['36', '42', '48']), pick(l, ['96k', '64k', '40k'])),
  mp3: (l) => ['-c:a', 'libmp3lame', '-b:a', pick(l, ['128k', '96k', '64k']), '-f', 'mp3'],
  m4a: (l) => ['-c:a', 'aac', '-b:a', pick(l, ['128k', '96k', '64k']), '-movflags', '+faststart', '-f', 'ipod'],
  ogg: (l) => ['-c:a', 'libvorbis', '-q:a', pick(l, ['3', '1', '-1']), '-f', 'ogg'],
  opus: (l) => ['-c:a', 'libopus', '-b:a', pick(l, ['96k', '64k', '32k']), '-f', 'opus'],
};

/** The encoder arguments for `format` at `level` (bench/compress.ts runs them as its baseline). */
export const mediaCodecArgs = (format: FormatName, level: CompressLevel) => OUTPUT[format]?.(level);

const AUDIO: ReadonlySet<FormatName> = new Set(['mp3', 'm4a', 'ogg', 'opus']);

export const mediaFamily: CompressFamily = {
  name: 'media',
  formats: Object.keys(OUTPUT) as FormatName[],
  limits: VIDEO_LIMITS,
  inspect,
  async compress(job, options) {
    const codec = OUTPUT[job.inputFormat];
    if (!codec) throw new AppError('unsupported_format', `${job.inputFormat} does not compress.`);
    const streams = AUDIO.has(job.inputFormat) ? ['-map', '0:a:0', '-vn'] : ['-map', '0:v:0', '-map', '0:a:0?'];
    const args = ffmpegCommand({
      input: cappedInputArgs(job),
      streams,
      codec: codec(options.level),
      outputPath: job.outputPath,
      log: 'info',
    });
    await runFfmpegOnInput(job, args);
  },
};
