import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import type { Engine, EngineJob } from '../types';
import { checkImagePages, zipPages } from '../page-images';
import { pdfToHtml } from './pdf-html';
import { pdfOutputOptions } from './pdfa-option';
import { assertOutput, runTool } from '../sandbox/run-tool';

// PDF out to images, text, HTML, SVG and PostScript (poppler), and PostScript/EPS in (Ghostscript
// with -dSAFER: no file access beyond its arguments, no operators that run commands). A PDF of
// several pages becomes one image per page, handed back as a ZIP of them; SVG, EPS and PostScript
// images are of the first page; HTML is one page with its pictures inside (./pdf-html.ts).

const DPI = '150';
const base = (file: string) => file.replace(/\.[^./]+$/, '');

const POPPLER: Partial<Record<FormatName, (job: EngineJob) => [string, string[]]>> = {
  png: (j) => ['pdftoppm', ['-png', '-r', DPI, '-f', '1', '-l', '1', '-singlefile', j.inputPath, base(j.outputPath)]],
  jpg: (j) => ['pdftoppm', ['-jpeg', '-r', DPI, '-f', '1', '-l', '1', '-singlefile', j.inputPath, base(j.outputPath)]],
  tiff: (j) => [
    'pdftoppm',
    [
      '-tiff',
      '-tiffcompression',
      'deflate',
      '-r',
      DPI,
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      j.inputPath,
      base(j.outputPath),
    ],
  ],
  txt: (j) => ['pdftotext', ['-enc', 'UTF-8', '-layout', j.inputPath, j.outputPath]],
  svg: (j) => ['pdftocairo', ['-svg', '-f', '1', '-l', '1', j.inputPath, j.outputPath]],
  ps: (j) => ['pdftops', [j.inputPath, j.outputPath]],
  eps: (j) => ['pdftops', ['-eps', '-f', '1', '-l', '1', j.inputPath, j.outputPath]],
};

const GS_DEVICE: Partial<Record<FormatName, string[]>> = {
  pdf: ['-sDEVICE=pdfwrite'],
  png: ['-sDEVICE=png16m', `-r${DPI}`, '-dFirstPage=1', '-dLastPage=1'],
  jpg: ['-sDEVICE=jpeg', `-r${DPI}`, '-dFirstPage=1', '-dLastPage=1', '-dJPEGQ=90'],
};

const PAGE_IMAGES: Partial<Record<FormatName, string[]>> = {
  png: ['-png'],
  jpg: ['-jpeg'],
  tiff: ['-tiff', '-tiffcompression', 'deflate'],
};

async function pageCount(job: EngineJob): Promise<number> {
  const info = await runTool(job, 'pdfinfo', [job.inputPath]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  if (!Number.isSafeInteger(pages) || pages < 1) throw new AppError('unsupported_format', 'The PDF has no pages.');
  return pages;
}

/** Every page to an image, stored (not deflated: images are compressed) in one ZIP at outputPath. */
async function pagesToZip(job: EngineJob, pages: number): Promise<{ parts: number }> {
  checkImagePages(pages, 'PDF');
  const dir = path.join(job.workDir, 'pages');
  await mkdir(dir);
  await runTool(job, 'pdftoppm', [...PAGE_IMAGES[job.targetFormat]!, '-r', DPI, job.inputPath, path.join(dir, 'page')]);
  const files = (await readdir(dir)).sort();
  if (files.length !== pages) throw new Error(`pdftoppm wrote ${files.length} of ${pages} pages`);
  return zipPages(
    job,
    files.map((f) => path.join(dir, f)),
  );
}

async function popplerConvert(job: EngineJob): Promise<void | { parts: number }> {
  if (job.targetFormat === 'html') return pdfToHtml(job);
  if (PAGE_IMAGES[job.targetFormat]) {
    const pages = await pageCount(job);
    if (pages > 1) return pagesToZip(job, pages);
  }
  const plan = POPPLER[job.targetFormat];
  if (!plan) throw new Error(`poppler: cannot write ${job.targetFormat}`);
  const [command, args] = plan(job);
  await runTool(job, command, args);
  // pdftoppm names a TIFF `.tif` whatever we ask.
  if (job.targetFormat === 'tiff') await rename(`${base(job.outputPath)}.tif`, job.outputPath).catch(() => undefined);
  await assertOutput(job.outputPath, command);
}

async function ghostscriptConvert(job: EngineJob): Promise<void> {
  const device = GS_DEVICE[job.targetFormat];
  if (!device) throw new Error(`ghostscript: cannot write ${job.targetFormat}`);
  const eps = job.inputFormat === 'eps' ? ['-dEPSCrop'] : [];
  await runTool(job, 'gs', [
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-dQUIET',
    '-dNOINTERPOLATE',
    ...eps,
    ...device,
    `-sOutputFile=${job.outputPath}`,
    '-f',
    job.inputPath,
  ]);
  await assertOutput(job.outputPath, 'ghostscript');
}

export const popplerEngine: Engine = {
  name: 'poppler',
  requires: ['pdftoppm', 'pdftotext', 'pdftohtml', 'pdftocairo', 'pdftops', 'pdfinfo', '7z', 'sed'],
  conversions: [{ from: ['pdf'], to: [...(Object.keys(POPPLER) as FormatName[]), 'html'] }],
  convert: popplerConvert,
};

export const ghostscriptEngine: Engine = {
  name: 'ghostscript',
  requires: ['gs'],
  conversions: [{ from: ['ps', 'eps'], to: Object.keys(GS_DEVICE) as FormatName[] }],
  options: pdfOutputOptions,
  convert: ghostscriptConvert,
};
