import { open } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { type ImagePdfOptions, imagePdfOptions } from './options';
import { imagemagickEngine } from '../imagemagick/imagemagick-engine';
import { megapixels, PAGE_LIMITS, PIXEL_LIMITS } from '../limits';
import { assertOutput, runTool } from '../sandbox/run-tool';
import { decodeHeic, imageHeader, type PageSettings, uprightPages } from '../sharp/sharp-engine';
import { bitmapSize } from '../svg/trace-engine';
import type { Engine, EngineJob } from '../types';

// Pictures as PDF pages, one page per picture (per page of a multi-page TIFF; an animated GIF or
// WebP gives its first frame), the picture embedded as it is: img2pdf puts a JPEG's own stream in
// the PDF (no re-encoding; an EXIF rotation becomes the page's /Rotate) and any other picture as
// lossless pixels. Anything but such a JPEG is first made an upright PNG laid over white by the
// sharp worker (HEIC decoded by heif-convert, BMP and Netpbm's PBM, PGM and PPM by ImageMagick
// before it), which also checks its format and pixel budget from the header: img2pdf then reads
// only files we wrote.

const INPUTS = [
  'jpg',
  'png',
  'webp',
  'heic',
  'avif',
  'tiff',
  'gif',
  'bmp',
  'pbm',
  'pgm',
  'ppm',
] as const satisfies readonly FormatName[];
/** Decoded by ImageMagick, their size read from the header first (trace-engine.ts: bitmapSize). */
const BITMAPS: readonly FormatName[] = ['bmp', 'pbm', 'pgm', 'ppm'];
/** Mirrored EXIF orientations: a page's /Rotate cannot mirror, so such a JPEG is made upright pixels. */
const MIRRORED = new Set([2, 4, 5, 7]);
/** Resolution of a picture that records none (img2pdf's and CSS's pixel). */
const DEFAULT_DPI = 96;
const PAPER: Record<Exclude<ImagePdfOptions['page_size'], 'fit'>, string> = { a4: 'A4', letter: 'Letter' };

/** img2pdf's page layout for the options. */
function layoutArgs({ page_size = 'fit', margin = 0 }: Partial<ImagePdfOptions>): string[] {
  // img2pdf gives a picture over 200 inches at its resolution a page in larger units (UserUnit).
  const args: string[] = [];
  // The paper turns with the picture; the picture is scaled to fit inside the margins.
  if (page_size !== 'fit') args.push('--pagesize', PAPER[page_size], '--auto-orient', '--fit', 'into');
  if (margin > 0) args.push('--border', `${margin}mm`);
  return args;
}

/** A BMP's or PNM's size from its header, within ImageMagick's pixel budget, before ImageMagick decodes it. */
async function checkBitmap({ inputPath, inputFormat }: Pick<EngineJob, 'inputPath' | 'inputFormat'>): Promise<void> {
  const fh = await open(inputPath);
  let head: Buffer;
  try {
    head = (await fh.read(Buffer.alloc(32), 0, 32, 0)).buffer;
  } finally {
    await fh.close();
  }
  const size = bitmapSize(head);
  if (!size || size.width * size.height === 0)
    throw new AppError('unsupported_format', `The file is not a ${inputFormat.toUpperCase()} image.`);
  if (size.width * size.height > PIXEL_LIMITS.imagemagick)
    throw new AppError(
      'unsupported_format',
      `The image is too large (${size.width}×${size.height}; limit ${megapixels(PIXEL_LIMITS.imagemagick)}).`,
    );
}

/** A picture sharp reads, as the PNG files img2pdf embeds: upright, over white, page by page. */
function asPages(job: EngineJob, source: Pick<EngineJob, 'inputPath' | 'inputFormat'>): Promise<string[]> {
  const paging: PageSettings =
    source.inputFormat === 'tiff' ? { maxPages: PAGE_LIMITS.fromImage } : { firstOnly: true };
  return uprightPages({ ...source, signal: job.signal }, path.join(job.workDir, 'pages'), {
    ...paging,
    flatten: '#ffffff',
    compressionLevel: 6,
    defaultDensity: DEFAULT_DPI,
  });
}

/** The files img2pdf puts on the pages, in order: the input JPEG itself, or PNGs made here. */
async function pictures(job: EngineJob): Promise<string[]> {
  if (job.inputFormat === 'jpg') {
    const { orientation } = await imageHeader(job);
    return orientation !== undefined && MIRRORED.has(orientation) ? asPages(job, job) : [job.inputPath];
  }
  if (job.inputFormat === 'heic') {
    await imageHeader(job);
    return asPages(job, { inputPath: await decodeHeic(job), inputFormat: 'png' });
  }
  if (!BITMAPS.includes(job.inputFormat)) return asPages(job, job);
  await checkBitmap(job);
  const png = path.join(job.workDir, 'bitmap-decoded.png');
  await imagemagickEngine.convert({ ...job, outputPath: png, targetFormat: 'png' });
  return asPages(job, { inputPath: png, inputFormat: 'png' });
}

async function convert(job: EngineJob): Promise<void> {
  job.onProgress(5);
  const files = await pictures(job);
  job.onProgress(60);
  // Only the input JPEG may carry an EXIF rotation; the PNGs made here are upright already.
  const rotation = files.includes(job.inputPath) ? '--rotation=ifvalid' : '--rotation=none';
  await runTool(
    job,
    'img2pdf',
    [...layoutArgs(job.options as Partial<ImagePdfOptions>), rotation, '-o', job.outputPath, '--', ...files],
    { memoryLimitBytes: 4 * 1024 ** 3 },
  );
  await assertOutput(job.outputPath, 'img2pdf');
  job.onProgress(100);
}

export const imagePdfEngine: Engine = {
  name: 'image-pdf',
  requires: ['img2pdf', 'convert'],
  conversions: [{ from: INPUTS, to: ['pdf'] }],
  options: imagePdfOptions,
  limits: { maxPixels: PIXEL_LIMITS.image },
  convert,
};
