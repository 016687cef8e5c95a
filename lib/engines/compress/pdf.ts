import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import type { CompressLevel } from '@/lib/domain/tools';
import type { EngineJob } from '../types';
import type { CompressFamily } from './compressor';
import { sanitizePdf } from './pdf-sanitize';
import { inspectPdf, QPDF_OK, runPdfTool } from './pdf-tools';

// PDF: Ghostscript's pdfwrite rewrites the document with its images downsampled per level, then
// qpdf packs objects into compressed object streams. Ghostscript runs with -dSAFER (no file
// access beyond its arguments) inside the sandbox (no network). pdfwrite drops document JavaScript
// but copies link actions (Launch, GoToR, JavaScript), so the job's copy of the input is first
// stripped of active content (pdf-sanitize.ts): the result, and the original kept when nothing
// smaller comes out, carry none. With a `target_size`, stronger settings are tried in turn.

type Setting = { preset: string; dpi?: number };

/** Ghostscript's presets: /printer 300 dpi, /ebook 150 dpi, /screen 72 dpi images. */
const LEVEL: Record<CompressLevel, Setting> = {
  low: { preset: '/printer' },
  medium: { preset: '/ebook' },
  high: { preset: '/screen' },
};
/** Tried in order after the level's own setting while the result is over `target_size`. */
const STRONGER: Setting[] = [
  { preset: '/ebook' },
  { preset: '/screen' },
  { preset: '/screen', dpi: 50 },
  { preset: '/screen', dpi: 30 },
];

function gsArgs(setting: Setting, input: string, output: string): string[] {
  const dpi = setting.dpi
    ? ['Color', 'Gray', 'Mono'].flatMap((k) => [`-d${k}ImageResolution=${setting.dpi}`, `-dDownsample${k}Images=true`])
    : [];
  return [
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-dQUIET',
    '-sDEVICE=pdfwrite',
    '-dCompatibilityLevel=1.5',
    `-dPDFSETTINGS=${setting.preset}`,
    ...dpi,
    // Re-encode JPEGs too, and downsample any image above the preset's resolution (the default
    // threshold of 1.5× leaves a 200 dpi scan untouched at /ebook).
    '-dPassThroughJPEGImages=false',
    '-dColorImageDownsampleThreshold=1.0',
    '-dGrayImageDownsampleThreshold=1.0',
    '-dDetectDuplicateImages=true',
    '-dAutoRotatePages=/None',
    `-sOutputFile=${output}`,
    '-f',
    input,
  ];
}

/** Ghostscript's pdfwrite at a level's own setting (bench/compress.ts runs it as its baseline). */
export const pdfwriteArgs = (level: CompressLevel, input: string, output: string) =>
  gsArgs(LEVEL[level], input, output);

/** One Ghostscript + qpdf pass; returns the size of the file written to `out`. */
async function pass(job: EngineJob, setting: Setting, out: string): Promise<number> {
  const gsOut = path.join(job.workDir, 'gs.pdf');
  await runPdfTool(job, 'gs', gsArgs(setting, job.inputPath, gsOut), 'The PDF could not be compressed.');
  await runPdfTool(
    job,
    'qpdf',
    ['--object-streams=generate', '--compress-streams=y', '--recompress-flate', '--compression-level=9', gsOut, out],
    'The PDF could not be compressed.',
    QPDF_OK,
  );
  await rm(gsOut, { force: true });
  return (await stat(out)).size;
}

export const pdfFamily: CompressFamily = {
  name: 'pdf',
  formats: ['pdf'],
  async inspect(job) {
    const info = await inspectPdf({ workDir: path.dirname(job.inputPath), signal: job.signal }, job.inputPath);
    if (info.encrypted) throw new AppError('unsupported_format', 'The PDF is encrypted: remove its password first.');
  },
  async compress(job, options) {
    await sanitizePdf(job, job.inputPath);
    job.onProgress(5);
    let size = await pass(job, LEVEL[options.level], job.outputPath);
    const target = options.target_size;
    if (target === undefined) return;
    const start = STRONGER.findIndex((s) => s.preset === LEVEL[options.level].preset && !s.dpi) + 1;
    const tryFile = path.join(job.workDir, 'try.pdf');
    for (const [i, setting] of STRONGER.slice(start).entries()) {
      if (size <= target) return;
      job.onProgress(20 + i * 20);
      const next = await pass(job, setting, tryFile);
      if (next < size) {
        await rename(tryFile, job.outputPath);
        size = next;
      }
    }
  },
};
