import { open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import { config } from '@/lib/config';
import { OcrOptions } from '@/lib/domain/tools';
import type { FormatName } from '@/lib/formats/catalog';
import { sanitizePdf } from '../compress/pdf-sanitize';
import { inspectPdf, QPDF_OK, runPdfTool } from '../compress/pdf-tools';
import { EngineError } from '../sandbox/sandbox';
import { PIXEL_LIMITS } from '../limits';
import { uprightPages } from '../sharp/sharp-engine';
import { withOcrWorker } from './pool';
import type { Engine, EngineJob, EngineLimits } from '../types';
import { placeIn, takeOut, withExchangeSlot } from '../warm/exchange';

// OCR: page images go to the warm sandboxed tesseract.js workers (ocr/pool.ts), one page per
// request, progress per page. Images are first split into upright PNG pages by sharp (EXIF
// orientation applied, every page of a TIFF); BMP goes to tesseract as it is. PDFs keep their
// pages: pdftotext finds the pages that already have text, the others are rendered at 300 dpi
// (pdftoppm, sandboxed; as PPM, since writing PNG cost pdftoppm 0.55 s of its 0.9 s a page) and
// recognised, and for a PDF result their invisible text layers are laid over the original pages
// with qpdf, so vector text and images are never rasterised. A PDF result keeps the original
// document, so its active content (JavaScript, launch actions, attached files) is stripped first
// (compress/pdf-sanitize.ts).

const IMAGE_INPUTS = ['png', 'jpg', 'tiff', 'webp'] as const satisfies readonly FormatName[];
const INPUTS = [...IMAGE_INPUTS, 'bmp', 'pdf'] as const satisfies readonly FormatName[];
const RENDER_DPI = 300;
const PAGE_BREAK = '\f';
/** Images are decoded by sharp, with its cap. */
const LIMITS: EngineLimits = { maxPixels: PIXEL_LIMITS.image };

/** BMP header: 'BM', then width and height (signed, negative = top-down) at 18 and 22. */
async function inspectBmp(file: string): Promise<void> {
  const fh = await open(file, 'r');
  const head = Buffer.alloc(26);
  try {
    await fh.read(head, 0, 26, 0);
  } finally {
    await fh.close();
  }
  if (head.toString('latin1', 0, 2) !== 'BM') throw new AppError('unsupported_format', 'The file is not a BMP image.');
  const pixels = Math.abs(head.readInt32LE(18)) * Math.abs(head.readInt32LE(22));
  if (pixels === 0 || pixels > LIMITS.maxPixels)
    throw new AppError('unsupported_format', 'The BMP image is too large or empty.');
}

async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>): Promise<void> {
  if (job.inputFormat === 'bmp') return inspectBmp(job.inputPath);
  // Other images: the request that splits them into pages checks their header first (imagePages).
  if (job.inputFormat !== 'pdf') return;
  const info = await inspectPdf({ workDir: path.dirname(job.inputPath), signal: job.signal }, job.inputPath);
  if (info.encrypted) throw new AppError('unsupported_format', 'The PDF is encrypted: remove its password first.');
}

type Page = { text: string; pdf?: string };

/** One page image through a warm tesseract.js worker; with `pdf`, writes that page's PDF there. */
async function recognize(
  job: EngineJob,
  image: string,
  langs: string,
  pdf?: { out: string; textOnly: boolean },
  dpi?: number,
): Promise<Page> {
  return withOcrWorker((worker) =>
    withExchangeSlot(worker.exchangeDir, async (slot) => {
      const inFile = path.join(slot, `in${path.extname(image)}`);
      await placeIn(image, inFile);
      const pdfOut = pdf && path.join(slot, 'page.pdf');
      const reply = await worker.request(
        { op: 'recognize', in: inFile, langs, pdfOut, textOnly: pdf?.textOnly, dpi, maxPixels: PIXEL_LIMITS.ocrPage },
        { signal: job.signal, timeoutMs: config.engineTimeoutMs },
      );
      if (!reply.ok) throw new AppError('unsupported_format', `The page could not be read: ${reply.error}`);
      if (pdf && !(await takeOut(pdfOut!, pdf.out))) throw new EngineError('OCR produced no PDF page');
      return { text: String(reply.text ?? '') };
    }),
  );
}

/** The image's pages as upright PNGs in workDir (sharp, sandboxed). */
async function imagePages(job: EngineJob): Promise<string[]> {
  if (job.inputFormat === 'bmp') return [job.inputPath];
  return uprightPages(job, path.join(job.workDir, 'pages'));
}

/** Joins one-page PDFs into `out` (qpdf, sandboxed). */
async function joinPdfs(job: EngineJob, files: string[], out: string): Promise<void> {
  if (files.length === 1) return rename(files[0], out);
  await runPdfTool(
    job,
    'qpdf',
    ['--empty', '--pages', ...files, '--', out],
    'The PDF could not be assembled.',
    QPDF_OK,
  );
}

async function ocrImage(job: EngineJob, options: OcrOptions, langs: string): Promise<void> {
  const pages = await imagePages(job);
  job.onProgress(5);
  const texts: string[] = [];
  const pdfs: string[] = [];
  for (const [i, page] of pages.entries()) {
    const pdf =
      options.output === 'pdf' ? { out: path.join(job.workDir, `ocr-${i + 1}.pdf`), textOnly: false } : undefined;
    texts.push((await recognize(job, page, langs, pdf)).text);
    if (pdf) pdfs.push(pdf.out);
    job.onProgress(5 + Math.floor((90 * (i + 1)) / pages.length));
  }
  if (options.output === 'txt') await writeFile(job.outputPath, texts.join(PAGE_BREAK), 'utf8');
  else await joinPdfs(job, pdfs, job.outputPath);
}

async function ocrPdf(job: EngineJob, options: OcrOptions, langs: string): Promise<void> {
  const { pages } = await inspectPdf(job, job.inputPath);
  if (options.output === 'pdf') await sanitizePdf(job, job.inputPath);
  const existing = (
    await runPdfTool(job, 'pdftotext', ['-enc', 'UTF-8', job.inputPath, '-'], 'The PDF could not be read.')
  ).split(PAGE_BREAK);
  job.onProgress(3);
  const texts: string[] = [];
  const layers: Array<{ page: number; pdf: string }> = [];
  for (let page = 1; page <= pages; page++) {
    const text = existing[page - 1] ?? '';
    if (text.trim()) {
      texts.push(text);
    } else {
      const prefix = path.join(job.workDir, `render-${page}`);
      await runPdfTool(
        job,
        'pdftoppm',
        ['-r', String(RENDER_DPI), '-f', String(page), '-l', String(page), '-singlefile', job.inputPath, prefix],
        'The PDF page could not be rendered.',
      );
      const pdf =
        options.output === 'pdf' ? { out: path.join(job.workDir, `layer-${page}.pdf`), textOnly: true } : undefined;
      texts.push((await recognize(job, `${prefix}.ppm`, langs, pdf, RENDER_DPI)).text);
      await rm(`${prefix}.ppm`, { force: true }); // 26 MB an A4 page
      if (pdf) layers.push({ page, pdf: pdf.out });
    }
    job.onProgress(3 + Math.floor((92 * page) / pages));
  }
  if (options.output === 'txt') return writeFile(job.outputPath, texts.join(PAGE_BREAK), 'utf8');
  if (layers.length === 0) {
    await runPdfTool(job, 'qpdf', [job.inputPath, job.outputPath], 'The PDF could not be written.', QPDF_OK);
    return;
  }
  // The text-only layers, in page order, go over the pages that had no text.
  const overlay = path.join(job.workDir, 'layers.pdf');
  await joinPdfs(
    job,
    layers.map((l) => l.pdf),
    overlay,
  );
  const to = layers.map((l) => l.page).join(',');
  await runPdfTool(
    job,
    'qpdf',
    [job.inputPath, '--overlay', overlay, `--to=${to}`, `--from=1-${layers.length}`, '--', job.outputPath],
    'The searchable PDF could not be written.',
    QPDF_OK,
  );
}

async function convert(job: EngineJob): Promise<void> {
  const options = OcrOptions.parse(job.options);
  const langs = options.languages.join('+');
  if (job.inputFormat === 'pdf') await ocrPdf(job, options, langs);
  else await ocrImage(job, options, langs);
  job.onProgress(100);
}

export const ocrEngine: Engine = {
  name: 'tesseract.js',
  tool: 'ocr',
  conversions: [{ from: INPUTS, to: ['txt', 'pdf'] }],
  limits: LIMITS,
  inspect,
  convert,
};
