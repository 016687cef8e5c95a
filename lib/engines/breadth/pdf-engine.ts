import { rename } from 'node:fs/promises';
import type { FormatName } from '@/lib/formats/catalog';
import type { Engine, EngineJob } from '../types';
import { assertOutput, runTool } from './run-tool';

// PDF out to images, text, HTML, SVG and PostScript (poppler), and PostScript/EPS in (Ghostscript
// with -dSAFER: no file access beyond its arguments, no operators that run commands). Images are
// of the first page.

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
  html: (j) => ['pdftohtml', ['-s', '-i', '-noframes', '-q', j.inputPath, base(j.outputPath)]],
  svg: (j) => ['pdftocairo', ['-svg', '-f', '1', '-l', '1', j.inputPath, j.outputPath]],
  ps: (j) => ['pdftops', [j.inputPath, j.outputPath]],
  eps: (j) => ['pdftops', ['-eps', '-f', '1', '-l', '1', j.inputPath, j.outputPath]],
};

const GS_DEVICE: Partial<Record<FormatName, string[]>> = {
  pdf: ['-sDEVICE=pdfwrite'],
  png: ['-sDEVICE=png16m', `-r${DPI}`, '-dFirstPage=1', '-dLastPage=1'],
  jpg: ['-sDEVICE=jpeg', `-r${DPI}`, '-dFirstPage=1', '-dLastPage=1', '-dJPEGQ=90'],
};

async function popplerConvert(job: EngineJob): Promise<void> {
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
  requires: ['pdftoppm', 'pdftotext', 'pdftohtml', 'pdftocairo', 'pdftops'],
  conversions: [{ from: ['pdf'], to: Object.keys(POPPLER) as FormatName[] }],
  convert: popplerConvert,
};

export const ghostscriptEngine: Engine = {
  name: 'ghostscript',
  requires: ['gs'],
  conversions: [{ from: ['ps', 'eps'], to: Object.keys(GS_DEVICE) as FormatName[] }],
  convert: ghostscriptConvert,
};
