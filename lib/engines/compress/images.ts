import path from 'node:path';
import type { CompressLevel } from '@/lib/domain/tools';
import type { FormatName } from '@/lib/formats/catalog';
import { AppError } from '@/lib/errors';
import { EngineError } from '../sandbox/sandbox';
import { PIXEL_LIMITS } from '../limits';
import { askWorker } from '../sharp/sharp-engine';
import { headerExpectation, throwIfRefused } from '../sharp/header';
import { takeOut } from '../warm/exchange';
import type { CompressFamily } from './compressor';

// Images through the warm sandboxed sharp workers: mozjpeg for JPEG, palette quantisation at
// the highest zlib effort for PNG, the encoders' top effort for WebP/GIF (AVIF a middle one: its
// top effort takes minutes). Metadata is dropped (sharp writes none unless asked: GPS, camera,
// comments) and the EXIF orientation is applied to the pixels, so the picture stays upright.

const IMAGE_FORMATS = ['jpg', 'png', 'webp', 'avif', 'gif'] as const satisfies readonly FormatName[];
type ImageFormat = (typeof IMAGE_FORMATS)[number];

const QUALITY: Record<CompressLevel, number> = { low: 88, medium: 75, high: 55 };
/** The floor of the quality search for `target_size` (JPEG). */
const MIN_QUALITY = 15;

function encoding(
  format: ImageFormat,
  level: CompressLevel,
): { format: string; formatOptions: Record<string, unknown> } {
  const quality = QUALITY[level];
  switch (format) {
    case 'jpg':
      return { format: 'jpeg', formatOptions: { quality, mozjpeg: true } };
    case 'png':
      return { format: 'png', formatOptions: { palette: true, quality, effort: 10, compressionLevel: 9 } };
    case 'webp':
      return { format: 'webp', formatOptions: { quality, effort: 6 } };
    case 'avif':
      return { format: 'avif', formatOptions: { quality: quality - 25, effort: 4 } };
    case 'gif':
      return {
        format: 'gif',
        formatOptions: { effort: 10, interFrameMaxError: { low: 0, medium: 4, high: 10 }[level] },
      };
  }
}

/**
 * Re-encodes `file` (in its own format) to `out` in a sandboxed sharp worker, which first refuses
 * it (AppError) when its header is not `format` or is over the pixel budget.
 */
export async function compressImageFile(options: {
  file: string;
  out: string;
  format: ImageFormat;
  level: CompressLevel;
  targetSize?: number;
  signal: AbortSignal;
}): Promise<void> {
  const { format, level } = options;
  const output = `out${path.extname(options.out)}`;
  const reply = await askWorker(
    options.file,
    options.signal,
    (inFile, slot) => ({
      op: 'compress',
      in: inFile,
      out: path.join(slot, output),
      ...headerExpectation(format, PIXEL_LIMITS.image),
      animated: format === 'gif' || format === 'webp',
      // Only JPEG searches quality for a size: the other encoders' sizes barely follow quality.
      targetSize: format === 'jpg' ? options.targetSize : undefined,
      minQuality: MIN_QUALITY,
      ...encoding(format, level),
    }),
    async (slot) => {
      if (!(await takeOut(path.join(slot, output), options.out))) throw new EngineError('sharp produced no output');
    },
  );
  if (!reply.ok) throw new AppError('unsupported_format', `The image could not be compressed: ${reply.error}`);
  throwIfRefused(reply, format, PIXEL_LIMITS.image);
}

export const imageFamily: CompressFamily = {
  name: 'images',
  formats: IMAGE_FORMATS,
  // No separate inspect: the worker checks the claimed format and the pixel budget on the header
  // inside the compress request itself, before decoding.
  limits: { maxPixels: PIXEL_LIMITS.image },
  async compress(job, options) {
    job.onProgress(5);
    await compressImageFile({
      file: job.inputPath,
      out: job.outputPath,
      format: job.inputFormat as ImageFormat,
      level: options.level,
      targetSize: options.target_size,
      signal: job.signal,
    });
  },
};
