import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import { config } from '@/lib/config';
import type { FormatName } from '@/lib/formats/catalog';
import { EngineError, runSandboxed } from './sandbox';
import { type ImageOptions, imageOptions } from './sharp/options';
import { withSharp } from './sharp/pool';
import { megapixels, PIXEL_LIMITS } from './limits';
import type { Engine, EngineJob, EngineLimits } from './types';
import { placeIn, takeOut, withExchangeSlot } from './warm/exchange';
import type { WorkerReply } from './warm/sandboxed-worker';

// Images through sharp (libvips), in warm sandboxed worker processes (sharp/pool.ts): this
// process never decodes an image. HEIC is decoded first by Debian's heif-convert in the sandbox,
// because sharp's prebuilt libheif has no HEVC decoder.

const LIMITS: EngineLimits = { maxPixels: PIXEL_LIMITS.image };
/** Default AVIF effort (0–9): libaom at default effort takes a minute for 12 MP. */
export const DEFAULT_AVIF_EFFORT = 2;

const INPUTS = ['png', 'jpg', 'webp', 'avif', 'tiff', 'gif', 'heic'] as const satisfies readonly FormatName[];
const OUTPUTS = ['png', 'jpg', 'webp', 'avif', 'tiff', 'gif'] as const satisfies readonly FormatName[];
type Output = (typeof OUTPUTS)[number];
const ANIMATED_OUTPUTS: ReadonlySet<FormatName> = new Set(['gif', 'webp']);

/** The header fields the worker reports (sharp's Metadata, subset). */
type Meta = {
  format?: string;
  compression?: string;
  width?: number;
  height?: number;
  pageHeight?: number;
  pages?: number;
};

/** What libvips must report for each claimed input (checked by content, not by name). */
function matchesClaim(format: FormatName, meta: Meta): boolean {
  const { compression } = meta;
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

export type ImageRequest = { op: 'inspect' | 'convert' | 'compress' | 'pages' } & Record<string, unknown>;

/** One request to a warm sharp worker, with `file` placed in its exchange folder as `in.<ext>`. */
export function askWorker(
  file: string,
  signal: AbortSignal,
  request: (inFile: string, slot: string) => ImageRequest,
  after?: (slot: string) => Promise<void>,
): Promise<WorkerReply> {
  return withSharp((worker) =>
    withExchangeSlot(worker.exchangeDir, async (slot) => {
      const inFile = path.join(slot, `in${path.extname(file)}`);
      await placeIn(file, inFile);
      const reply = await worker.request(request(inFile, slot), { signal, timeoutMs: config.engineTimeoutMs });
      if (reply.ok) await after?.(slot);
      return reply;
    }),
  );
}

function totalPixels(meta: Meta): number {
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  return (meta.width ?? 0) * frameHeight * Math.max(1, meta.pages ?? 1);
}

/** Claimed format and pixel budget, from the header only (compression and OCR use it too). */
export async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>): Promise<void> {
  const reply = await askWorker(job.inputPath, job.signal, (inFile) => ({ op: 'inspect', in: inFile }));
  if (!reply.ok) {
    throw new AppError('unsupported_format', 'The image could not be read.', { cause: new Error(reply.error) });
  }
  const meta = reply.meta as Meta;
  if (!matchesClaim(job.inputFormat, meta)) {
    throw new AppError('unsupported_format', `The file is not a ${job.inputFormat.toUpperCase()} image.`);
  }
  if (!meta.width || !meta.height) throw new AppError('unsupported_format', 'The image has no dimensions.');
  if (totalPixels(meta) > LIMITS.maxPixels) {
    const frames = (meta.pages ?? 1) > 1 ? ` × ${meta.pages} frames` : '';
    const limit = `limit ${megapixels(LIMITS.maxPixels)}`;
    throw new AppError(
      'unsupported_format',
      `The image is too large (${meta.width}×${meta.height}${frames}; ${limit}).`,
    );
  }
}

const clampInt = (v: unknown, min: number, max: number, d: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : d;

type Encoding = { format: string; formatOptions: Record<string, unknown>; flatten?: string };

/** What the worker does besides encoding, from the conversion's options (./sharp/options.ts). */
export function adjustments(to: Output, options: Partial<ImageOptions>) {
  const { width, height, fit = 'inside', background, dpi, strip_metadata: strip = true } = options;
  return {
    resize: width || height ? { width, height, fit } : undefined,
    // JPEG has no transparency: without a background colour it gets white.
    flatten: background ?? (to === 'jpg' ? '#ffffff' : undefined),
    keepMetadata: !strip,
    density: dpi,
  };
}

function encoding(to: Output, options: Record<string, unknown>): Encoding {
  const quality = clampInt(options.quality, 1, 100, 80);
  switch (to) {
    case 'png':
      return { format: 'png', formatOptions: { compressionLevel: 6 } };
    case 'jpg':
      return { format: 'jpeg', formatOptions: { quality, mozjpeg: true } };
    case 'webp':
      return { format: 'webp', formatOptions: { quality } };
    case 'avif': {
      const effort = clampInt(options.effort, 0, 9, DEFAULT_AVIF_EFFORT);
      return { format: 'avif', formatOptions: { quality: clampInt(options.quality, 1, 100, 50), effort } };
    }
    case 'tiff':
      return { format: 'tiff', formatOptions: { compression: 'lzw' } };
    case 'gif':
      return { format: 'gif', formatOptions: {} };
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

/** Runs after inspect (the pipeline's job): the input is what it claims and within the pixel budget. */
async function convert(job: EngineJob): Promise<void> {
  const to = job.targetFormat as Output;
  if (!(OUTPUTS as readonly FormatName[]).includes(to))
    throw new AppError('unsupported_format', `Cannot write ${to} images.`);
  job.onProgress(5);
  let source = job.inputPath;
  if (job.inputFormat === 'heic') {
    source = await decodeHeic(job);
    job.onProgress(40);
  }
  // Single-frame images open the same with animated: true.
  const animated = ANIMATED_OUTPUTS.has(to) && ANIMATED_OUTPUTS.has(job.inputFormat);
  const output = `out.${to}`;
  try {
    const request = (inFile: string, slot: string): ImageRequest => ({
      op: 'convert',
      in: inFile,
      out: path.join(slot, output),
      limitInputPixels: LIMITS.maxPixels,
      animated,
      ...encoding(to, job.options),
      ...adjustments(to, job.options as Partial<ImageOptions>),
    });
    const reply = await askWorker(source, job.signal, request, async (slot) => {
      if (!(await takeOut(path.join(slot, output), job.outputPath))) throw new EngineError('sharp produced no output');
    });
    if (!reply.ok) throw new AppError('unsupported_format', `The image could not be converted: ${reply.error}`);
  } finally {
    if (source !== job.inputPath) await rm(source, { force: true });
  }
  job.onProgress(100);
}

export const sharpEngine: Engine = {
  name: 'sharp',
  conversions: INPUTS.map((from) => ({ from: [from], to: OUTPUTS.filter((t) => t !== from) })),
  options: imageOptions,
  limits: LIMITS,
  inspect,
  convert,
};
