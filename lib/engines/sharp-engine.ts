import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '@/lib/api/errors';
import { config } from '@/lib/config';
import type { FormatName } from '@/lib/formats/catalog';
import { EngineError, runSandboxed } from './sandbox';
import type { Engine, EngineJob } from './types';

// Images through sharp (libvips, in-process). HEIC is decoded first by Debian's heif-convert
// in the sandbox, because sharp's prebuilt libheif has no HEVC decoder.

sharp.concurrency(1);
sharp.cache(false); // a conversion service never reopens the same file: keep memory flat

/** Largest image we decode (all frames together): 100 megapixels ≈ 400 MB as RGBA. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Default AVIF effort (0–9): libaom at default effort takes a minute for 12 MP. */
export const DEFAULT_AVIF_EFFORT = 2;

const INPUTS = ['png', 'jpg', 'webp', 'avif', 'tiff', 'gif', 'heic'] as const satisfies readonly FormatName[];
const OUTPUTS = ['png', 'jpg', 'webp', 'avif', 'tiff', 'gif'] as const satisfies readonly FormatName[];
type Output = (typeof OUTPUTS)[number];
const ANIMATED_OUTPUTS: ReadonlySet<FormatName> = new Set(['gif', 'webp']);

type Meta = Metadata;

/** What libvips must report for each claimed input (checked by content, not by name). */
function matchesClaim(format: FormatName, meta: Meta): boolean {
  const compression = meta.compression as string | undefined;
  switch (format) {
    case 'jpg':
      return meta.format === 'jpeg';
    case 'avif':
      return meta.format === 'heif' && compression === 'av1';
    case 'heic':
      return meta.format === 'heif' && compression === 'hevc';
    default:
      return meta.format === format;
  }
}

async function readMeta(file: string): Promise<Meta> {
  try {
    // Header only: nothing is decoded yet, so a pixel flood costs nothing here.
    return await sharp(file, { limitInputPixels: false, animated: true }).metadata();
  } catch (e) {
    throw new AppError('unsupported_format', 'The image could not be read.', { cause: e });
  }
}

function totalPixels(meta: Meta): number {
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  return (meta.width ?? 0) * frameHeight * Math.max(1, meta.pages ?? 1);
}

async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat'>): Promise<void> {
  const meta = await readMeta(job.inputPath);
  if (!matchesClaim(job.inputFormat, meta)) {
    throw new AppError('unsupported_format', `The file is not a ${job.inputFormat.toUpperCase()} image.`);
  }
  if (!meta.width || !meta.height) throw new AppError('unsupported_format', 'The image has no dimensions.');
  if (totalPixels(meta) > MAX_INPUT_PIXELS) {
    throw new AppError('unsupported_format', `The image is too large (${meta.width}×${meta.height}${(meta.pages ?? 1) > 1 ? ` × ${meta.pages} frames` : ''}; limit ${MAX_INPUT_PIXELS / 1e6} megapixels).`);
  }
}

const clampInt = (v: unknown, min: number, max: number, d: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : d;

function encode(img: Sharp, to: Output, options: Record<string, unknown>): Sharp {
  const quality = clampInt(options.quality, 1, 100, 80);
  switch (to) {
    case 'png':
      return img.png({ compressionLevel: 6 });
    case 'jpg':
      return img.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true });
    case 'webp':
      return img.webp({ quality });
    case 'avif':
      return img.avif({ quality: clampInt(options.quality, 1, 100, 50), effort: clampInt(options.effort, 0, 9, DEFAULT_AVIF_EFFORT) });
    case 'tiff':
      return img.tiff({ compression: 'lzw' });
    case 'gif':
      return img.gif();
  }
}

/** HEIC → PNG in workDir via heif-convert (sandboxed, memory-capped). Returns the PNG path. */
async function decodeHeic(job: EngineJob): Promise<string> {
  const out = path.join(job.workDir, 'heic-decoded.png');
  const r = await runSandboxed({
    command: 'heif-convert',
    args: ['--quiet', job.inputPath, out],
    workDir: job.workDir,
    signal: job.signal,
    timeoutMs: config.engineTimeoutMs,
    memoryLimitBytes: 4 * 1024 ** 3,
  });
  // A HEIC with several top-level images is written as out-1.png, out-2.png…: take the first.
  for (const candidate of [out, out.replace(/\.png$/, '-1.png')]) {
    if (r.code === 0 && (await stat(candidate).catch(() => null))?.isFile()) return candidate;
  }
  throw new EngineError(`heif-convert failed (exit ${r.code}): ${r.stderrTail.trim().slice(-500)}`);
}

function abortable<T>(signal: AbortSignal, p: Promise<T>): Promise<T> {
  // sharp runs in-process and cannot be killed; we stop waiting for it and drop its result.
  if (signal.aborted) return Promise.reject(new EngineError('conversion cancelled', { cancelled: true }));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new EngineError('conversion cancelled', { cancelled: true }));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function convert(job: EngineJob): Promise<void> {
  await inspect(job); // cheap, and the pipeline may call convert without inspect
  const to = job.targetFormat as Output;
  if (!(OUTPUTS as readonly FormatName[]).includes(to)) throw new AppError('unsupported_format', `Cannot write ${to} images.`);
  job.onProgress(5);
  let source = job.inputPath;
  if (job.inputFormat === 'heic') {
    source = await decodeHeic(job);
    job.onProgress(40);
  }
  const meta = await readMeta(source);
  const animated = (meta.pages ?? 1) > 1 && ANIMATED_OUTPUTS.has(to) && ANIMATED_OUTPUTS.has(job.inputFormat);
  const img = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' }).autoOrient();
  try {
    await abortable(job.signal, encode(img, to, job.options).toFile(job.outputPath));
  } catch (e) {
    if (e instanceof EngineError) throw e;
    throw new AppError('unsupported_format', `The image could not be converted: ${(e as Error).message}`, { cause: e });
  } finally {
    if (source !== job.inputPath) await rm(source, { force: true });
  }
  job.onProgress(100);
}

export const sharpEngine: Engine = {
  name: 'sharp',
  conversions: INPUTS.map((from) => ({ from: [from], to: OUTPUTS.filter((t) => t !== from) })),
  inspect,
  convert,
};
