import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { megapixels, PAGE_LIMITS, PIXEL_LIMITS } from '../limits';
import { inspect as inspectImage } from '../sharp/sharp-engine';
import type { Engine, EngineJob, EngineLimits } from '../types';
import { imagemagickEngine } from '../imagemagick/imagemagick-engine';
import { checkImagePages, zipPages } from '../page-images';
import { assertOutput, runTool } from '../sandbox/run-tool';
import { pdfOutputOptions } from '../pdf/pdfa-option';

// DjVu with djvulibre: ddjvu reads (to PDF, TIFF, or page images), djvups to PostScript, c44 and cjb2
// encode pictures (photos, bilevel scans) and djvm bundles pages. A DjVu's page sizes and count
// are read (djvused) and checked before anything decodes it. Formats djvulibre does not speak
// (PNG, JPEG out; PNG, TIFF, GIF, BMP, WebP in) go through the ImageMagick engine's sandboxed run
// and policy (its resource limits bound pixel floods), with PPM in between.

/** PDF pages are rendered for c44 with their long side at this many pixels (~150 dpi on A4). */
const PAGE_PIXELS = '1800';
/** At most this many PDF pages become DjVu pages. */
const PDF_PAGES = '500';

const IMAGE_OUT = ['png', 'jpg'] as const satisfies readonly FormatName[];
/**
 * c44 reads these as they are. It reads JPEG too, but stored as the camera turned it (it ignores the
 * EXIF orientation), so a JPEG goes through ImageMagick, which turns it upright.
 */
const C44_IN = new Set<FormatName>(['ppm', 'pgm']);

/** Each page is decoded as an image (sharp's cap). */
const LIMITS: EngineLimits = { maxPixels: PIXEL_LIMITS.image };
const refuse = (why: string) => new AppError('unsupported_format', `The DjVu document was refused: ${why}.`);

/** Pictures the sharp worker checks (claimed format, pixel budget) before they are decoded here. */
const SHARP_CHECKED = new Set<FormatName>(['png', 'jpg', 'tiff', 'gif', 'webp']);

async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>): Promise<void> {
  if (SHARP_CHECKED.has(job.inputFormat)) return inspectImage(job);
  if (job.inputFormat !== 'djvu') return;
  const run = { workDir: path.dirname(job.inputPath), signal: job.signal };
  const out = await runTool(run, 'djvused', [job.inputPath, '-e', 'n; size']).catch((e: unknown) => {
    throw new AppError('unsupported_format', 'The DjVu document could not be read.', { cause: e });
  });
  const [count, ...sizes] = out.trim().split('\n');
  if (!(Number(count) > 0)) throw refuse('it has no pages');
  if (Number(count) > PAGE_LIMITS.document) throw refuse(`more than ${PAGE_LIMITS.document} pages`);
  for (const line of sizes) {
    const m = /width=(\d+) height=(\d+)/.exec(line);
    if (m && Number(m[1]) * Number(m[2]) > LIMITS.maxPixels)
      throw refuse(`a page is larger than ${megapixels(LIMITS.maxPixels)}`);
  }
}

/** Runs the ImageMagick engine on one intermediate file of this job. */
const imagemagick = (job: EngineJob, from: FormatName, input: string, to: FormatName, output: string) =>
  imagemagickEngine.convert({ ...job, inputFormat: from, inputPath: input, targetFormat: to, outputPath: output });

const ddjvu = (job: EngineJob, format: string, out: string, page: string[] = []) =>
  runTool(job, 'ddjvu', [`-format=${format}`, ...page, '-quality=85', job.inputPath, out]);

/** Page `n` as a PNG or JPEG: ddjvu renders it as PPM, ImageMagick encodes it. */
async function pageImage(job: EngineJob, n: number, output: string): Promise<void> {
  const ppm = path.join(job.workDir, `page-${n}.ppm`);
  await ddjvu(job, 'ppm', ppm, [`-page=${n}`]);
  await imagemagick(job, 'ppm', ppm, job.targetFormat, output);
}

/** PDF, PostScript and TIFF hold every page; a PNG or JPEG is one page, so several become a ZIP of them (as PDFs do). */
async function fromDjvu(job: EngineJob): Promise<void | { parts: number }> {
  if (job.targetFormat === 'pdf' || job.targetFormat === 'tiff') {
    await ddjvu(job, job.targetFormat, job.outputPath);
    return;
  }
  if (job.targetFormat === 'ps') {
    await runTool(job, 'djvups', [job.inputPath, job.outputPath]);
    return;
  }
  const pages = Number((await runTool(job, 'djvused', [job.inputPath, '-e', 'n'])).trim());
  if (pages === 1) return pageImage(job, 1, job.outputPath);
  checkImagePages(pages, 'DjVu document');
  const width = String(pages).length;
  const files: string[] = [];
  for (let n = 1; n <= pages; n++) {
    files.push(path.join(job.workDir, `page-${String(n).padStart(width, '0')}.${job.targetFormat}`));
    await pageImage(job, n, files[n - 1]);
  }
  return zipPages(job, files);
}

/** One picture as a one-page DjVu: bilevel ones with JB2 (cjb2), the others with IW44 (c44). */
async function encodePicture(job: EngineJob, input: string, format: FormatName, output: string): Promise<void> {
  if (format === 'pbm') {
    await runTool(job, 'cjb2', ['-dpi', '150', input, output]);
    return;
  }
  let source = input;
  if (!C44_IN.has(format)) {
    source = path.join(job.workDir, `${path.basename(input)}.ppm`);
    await imagemagick(job, format, input, 'ppm', source);
  }
  await runTool(job, 'c44', ['-dpi', '150', source, output]);
}

async function toDjvu(job: EngineJob): Promise<void> {
  if (job.inputFormat !== 'pdf') return encodePicture(job, job.inputPath, job.inputFormat, job.outputPath);
  const dir = path.join(job.workDir, 'pages');
  await mkdir(dir);
  const prefix = path.join(dir, 'p');
  await runTool(job, 'pdftoppm', ['-scale-to', PAGE_PIXELS, '-l', PDF_PAGES, job.inputPath, prefix]);
  // pdftoppm numbers pages with equal widths (p-01.ppm…): name order is page order.
  const pages = (await readdir(dir)).filter((n) => n.endsWith('.ppm')).sort();
  const djvus: string[] = [];
  for (const page of pages) {
    const out = path.join(dir, page.replace(/\.ppm$/, '.djvu'));
    await encodePicture(job, path.join(dir, page), 'ppm', out);
    djvus.push(out);
  }
  await runTool(job, 'djvm', ['-c', job.outputPath, ...djvus]);
}

async function convert(job: EngineJob): Promise<void | { parts: number }> {
  const result = await (job.inputFormat === 'djvu' ? fromDjvu(job) : toDjvu(job));
  await assertOutput(job.outputPath, 'djvulibre');
  return result;
}

export const djvuEngine: Engine = {
  name: 'djvulibre',
  requires: ['ddjvu', 'djvups', 'c44', 'cjb2', 'djvm', 'djvused', 'pdftoppm', 'convert', '7z'],
  conversions: [
    { from: ['djvu'], to: ['pdf', 'ps', 'tiff', ...IMAGE_OUT] },
    { from: ['png', 'jpg', 'tiff', 'gif', 'bmp', 'webp', 'ppm', 'pgm', 'pbm', 'pdf'], to: ['djvu'] },
  ],
  options: pdfOutputOptions,
  limits: LIMITS,
  inspect,
  convert,
};
