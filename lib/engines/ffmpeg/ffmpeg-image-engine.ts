import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { ffmpegCommand, STILL_CODEC } from './args';
import { assertFfmpegOk, type Demuxers, mediaInput, runFfmpegRefusingInput, VIDEO_LIMITS } from './sandboxed';
import type { Engine, EngineJob } from '../types';
import { assertOutput } from '../sandbox/run-tool';

// Still images only ffmpeg reads and writes here (QOI, JPEG-LS, Alias PIX, OpenEXR, PHM, Vizrt VBN),
// to and from the common ones, and Microsoft Paint files it reads. Same rules as the video engines (../ffmpeg/sandboxed.ts): the image demuxer
// is forced from the content-checked format, only the file protocol exists, frames over
// VIDEO_LIMITS are refused by the decoder before allocating them, and it all runs sandboxed, in
// one ffmpeg run per job (the image demuxers read no size: only the decoder learns it).

const FFMPEG_ONLY = ['qoi', 'jls', 'pix', 'exr', 'phm', 'vbn'] as const satisfies readonly FormatName[];
const READ_ONLY = ['msp'] as const satisfies readonly FormatName[];
const COMMON = ['png', 'jpg', 'webp', 'tiff', 'gif', 'bmp'] as const satisfies readonly FormatName[];

const DEMUXER: Demuxers = {
  qoi: 'qoi_pipe',
  jls: 'jpegls_pipe',
  pix: 'alias_pix',
  exr: 'exr_pipe',
  phm: 'phm_pipe',
  vbn: 'vbn_pipe',
  msp: 'msp',
  png: 'png_pipe',
  jpg: 'jpeg_pipe',
  webp: 'webp_pipe',
  tiff: 'tiff_pipe',
  gif: 'gif_pipe',
  bmp: 'bmp_pipe',
};
const { inspect, cappedInputArgs } = mediaInput(DEMUXER);

/** Encoder (and pixel format where the input's may not fit) for each target. */
const CODEC: Record<(typeof FFMPEG_ONLY)[number] | (typeof COMMON)[number], string[]> = {
  qoi: ['-c:v', 'qoi'],
  jls: ['-c:v', 'jpegls'],
  pix: ['-c:v', 'alias_pix'],
  exr: ['-c:v', 'exr'],
  phm: ['-c:v', 'phm'],
  vbn: ['-c:v', 'vbn', '-format', 'raw'], // uncompressed: DXT needs sides a multiple of 4
  png: [...STILL_CODEC.png],
  jpg: [...STILL_CODEC.jpg],
  webp: [...STILL_CODEC.webp],
  tiff: ['-c:v', 'tiff'],
  gif: ['-c:v', 'gif'],
  bmp: ['-c:v', 'bmp'],
};

/**
 * ffmpeg's log of an image it opened but could not decode a frame of: the image demuxers open any
 * bytes, so a damaged file, or one sized past what libavutil accepts at all, fails in the decoder.
 */
const UNDECODABLE = /Picture size \d+x\d+ is invalid|Cannot determine format of input stream/;

/** Targets without transparency: the image is laid over white first. */
const OPAQUE = new Set<FormatName>(['jpg', 'jls', 'pix', 'bmp']);

async function convert(job: EngineJob): Promise<void> {
  const codec = (CODEC as Partial<Record<FormatName, string[]>>)[job.targetFormat];
  if (!codec) throw new AppError('unsupported_format', `Cannot write ${job.targetFormat}.`);
  const flatten = OPAQUE.has(job.targetFormat)
    ? ['-filter_complex', 'color=white,format=rgb24[bg];[bg][0:v:0]scale2ref[b][i];[b][i]overlay=shortest=1']
    : ['-map', '0:v:0'];
  const args = ffmpegCommand({
    input: cappedInputArgs(job),
    streams: [...flatten, '-frames:v', '1', '-an'],
    codec: [...codec, '-update', '1', '-f', 'image2'],
    outputPath: job.outputPath,
    log: 'info',
  });
  // One frame has no length to scale progress by: 1 once ffmpeg has opened the file, then 100.
  const run = await runFfmpegRefusingInput(job, args, () => undefined);
  if (run.code !== 0 && UNDECODABLE.test(run.stderrTail))
    throw new AppError('unsupported_format', 'The image could not be decoded (damaged, or too large).');
  assertFfmpegOk(run);
  await assertOutput(job.outputPath, 'ffmpeg');
  job.onProgress(100);
}

export const ffmpegImageEngine: Engine = {
  name: 'ffmpeg-image',
  requires: ['ffmpeg'],
  conversions: [
    { from: FFMPEG_ONLY, to: [...COMMON, ...FFMPEG_ONLY] },
    { from: READ_ONLY, to: COMMON },
    { from: COMMON, to: FFMPEG_ONLY },
  ],
  limits: VIDEO_LIMITS,
  inspect,
  convert,
};
