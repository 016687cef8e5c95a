import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import { config } from '@/lib/config';
import type { FormatName } from '@/lib/formats/catalog';
import { EngineError, runSandboxed } from '../sandbox/sandbox';
import { headerExpectation, type ImageHeader, throwIfRefused } from './header';
import { DEFAULT_QUALITY, DEFAULT_WEBP_EFFORT, type ImageOptions, imageOptions, MAX_WEBP_EFFORT } from './options';
import { withSharp } from './pool';
import { PIXEL_LIMITS } from '../limits';
import type { Engine, EngineJob, EngineLimits } from '../types';
import { placeIn, takeOut, withExchangeSlot } from '../warm/exchange';
import type { WorkerReply } from '../warm/sandboxed-worker';

// Images through sharp (libvips), in warm sandboxed worker processes (sharp/pool.ts): this
// process never decodes an image. HEIC is decoded first by Debian's heif-convert in the sandbox,
// because sharp's prebuilt libheif has no HEVC decoder.

const LIMITS: EngineLimits = { maxPixels: PIXEL_LIMITS.image };
/** Default AVIF effort (0–9): libaom at default effort takes a minute for 12 MP. */
const DEFAULT_AVIF_EFFORT = 2;

const INPUTS = ['png', 'jpg', 'webp', 'avif', 'tiff', 'gif', 'heic'] as const satisfies readonly FormatName[];
const OUTPUTS = ['png', 'jpg', 'webp', 'avif', 'tiff', 'gif'] as const satisfies readonly FormatName[];
type Output = (typeof OUTPUTS)[number];
const ANIMATED_OUTPUTS: ReadonlySet<FormatName> = new Set(['gif', 'webp']);

export type ImageRequest = { op: 'inspect' | 'convert' | 'compress' | 'pages' | 'frames' } & Record<string, unknown>;

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
      // A request refused on its input's header (./header.ts) wrote nothing to take out.
      if (reply.ok && reply.refused === undefined) await after?.(slot);
      return reply;
    }),
  );
}

/**
 * Claimed format and pixel budget, from the header only, in a request of its own: for inputs that
 * reach sharp through another program (HEIC, OCR, comic and DjVu pages). Convert and compress
 * requests carry the same check (./header.ts).
 */
export async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>): Promise<void> {
  await imageHeader(job);
}

/** The checks of `inspect`, answering the header's fields (orientation, resolution…). */
export async function imageHeader(job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>): Promise<ImageHeader> {
  const reply = await askWorker(job.inputPath, job.signal, (inFile) => ({
    op: 'inspect',
    in: inFile,
    ...headerExpectation(job.inputFormat, LIMITS.maxPixels),
  }));
  if (!reply.ok) {
    throw new AppError('unsupported_format', 'The image could not be read.', { cause: new Error(reply.error) });
  }
  throwIfRefused(reply, job.inputFormat, LIMITS.maxPixels);
  return (reply.meta ?? {}) as ImageHeader;
}

/** What the worker does to each page besides making it upright (worker.cjs: `pages`). */
export type PageSettings = {
  /** Lays the page over this colour (`#rrggbb`). */
  flatten?: string;
  /** zlib level of the PNGs (1 unless asked: a page read once and dropped). */
  compressionLevel?: number;
  /** Pixels per inch recorded for a page that records none. */
  defaultDensity?: number;
  /** Reads the pages one at a time, each within the pixel budget, and at most this many. */
  maxPages?: number;
  /** Only the first page (frame), within the pixel budget on its own. */
  firstOnly?: boolean;
};

/** Every page (frame) of an image as an upright PNG in `dir` (`page-1.png`…), in order. */
export async function uprightPages(
  job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>,
  dir: string,
  { maxPages, ...settings }: PageSettings = {},
): Promise<string[]> {
  const paging = maxPages !== undefined || settings.firstOnly ? { maxPages, pageByPage: true } : {};
  const reply = await askWorker(
    job.inputPath,
    job.signal,
    (inFile, slot) => ({
      op: 'pages',
      in: inFile,
      outPrefix: path.join(slot, 'page'),
      ...headerExpectation(job.inputFormat, LIMITS.maxPixels, paging),
      ...settings,
    }),
    async (slot) => {
      await mkdir(dir);
      for (const name of await readdir(slot))
        if (name.startsWith('page-')) await takeOut(path.join(slot, name), path.join(dir, name));
    },
  );
  if (!reply.ok) throw new AppError('unsupported_format', `The image could not be read: ${reply.error}`);
  throwIfRefused(reply, job.inputFormat, LIMITS.maxPixels, paging);
  const count = (reply.files as string[]).length;
  return Array.from({ length: count }, (_, i) => path.join(dir, `page-${i + 1}.png`));
}

const clampInt = (v: unknown, min: number, max: number, d: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : d;

type Encoding = { format: string; formatOptions: Record<string, unknown>; flatten?: string };

/** What the worker does besides encoding, from the conversion's options (./options.ts). */
function adjustments(to: Output, options: Partial<ImageOptions>) {
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
  const quality = clampInt(options.quality, 1, 100, DEFAULT_QUALITY);
  switch (to) {
    case 'png':
      return { format: 'png', formatOptions: { compressionLevel: 6 } };
    case 'jpg':
      return { format: 'jpeg', formatOptions: { quality, mozjpeg: true } };
    case 'webp':
      return {
        format: 'webp',
        formatOptions: { quality, effort: clampInt(options.effort, 0, MAX_WEBP_EFFORT, DEFAULT_WEBP_EFFORT) },
      };
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

/**
 * Targets that hold more than 8 bits a sample, with what keeps a deeper source's: 16-bit PNG and
 * TIFF samples, AVIF at its highest depth (12 bits). Others (JPEG, WebP, GIF) get 8 bits.
 */
const DEEP: Partial<Record<Output, { formatOptions: Record<string, unknown> }>> = {
  png: { formatOptions: {} },
  tiff: { formatOptions: {} },
  avif: { formatOptions: { bitdepth: 12 } },
};

/** HEIC → PNG in workDir via heif-convert (sandboxed, memory-capped). Returns the PNG path. */
export async function decodeHeic(job: Pick<EngineJob, 'inputPath' | 'workDir' | 'signal'>): Promise<string> {
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

/**
 * One worker request: the worker refuses an input that is not what it claims or over the pixel
 * budget from its header, before decoding it (the engine has no separate inspect). A HEIC is
 * inspected first, as heif-convert decodes it before sharp sees it.
 */
async function convert(job: EngineJob): Promise<void> {
  const to = job.targetFormat as Output;
  if (!(OUTPUTS as readonly FormatName[]).includes(to))
    throw new AppError('unsupported_format', `Cannot write ${to} images.`);
  job.onProgress(5);
  let source = job.inputPath;
  let sourceFormat = job.inputFormat;
  if (job.inputFormat === 'heic') {
    await inspect(job);
    source = await decodeHeic(job);
    sourceFormat = 'png';
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
      ...headerExpectation(sourceFormat, LIMITS.maxPixels),
      animated,
      deep: DEEP[to],
      ...encoding(to, job.options),
      ...adjustments(to, job.options as Partial<ImageOptions>),
    });
    const reply = await askWorker(source, job.signal, request, async (slot) => {
      if (!(await takeOut(path.join(slot, output), job.outputPath))) throw new EngineError('sharp produced no output');
    });
    if (!reply.ok) throw new AppError('unsupported_format', `The image could not be converted: ${reply.error}`);
    throwIfRefused(reply, sourceFormat, LIMITS.maxPixels);
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
  convert,
};
