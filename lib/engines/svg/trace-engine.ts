import { open } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { PIXEL_LIMITS } from '../limits';
import type { Engine, EngineJob, EngineLimits } from '../types';
import { imagemagickEngine } from '../imagemagick/imagemagick-engine';
import { uprightPages } from '../sharp/sharp-engine';
import { hasProgram } from '../sandbox/programs';
import { assertOutput, runTool } from '../sandbox/run-tool';
import { pdfOutputOptions } from '../pdf/pdfa-option';

// Bitmap → vector tracing with potrace, which reads PNM and BMP itself (colour is thresholded
// to black and white). Its backends give the vector formats nobody else writes: DXF, GeoJSON and
// Xfig, and SVG, EPS and PS, where nothing better exists (a picture → PDF is a page with the
// picture: image-pdf-engine.ts, chosen first). PNG, JPEG, GIF and WebP are traced to SVG only:
// made upright over white by the sharp worker (an animation's first frame), then a greymap by
// ImageMagick. The bitmap's size is checked before potrace allocates it (a pixel flood is
// refused). fig2dev reads Xfig drawings
// back into the common vector formats (SVG, EPS, PDF; not raster, whose size the drawing's
// coordinates would choose).

const INPUTS = ['pbm', 'pgm', 'ppm', 'bmp'] as const satisfies readonly FormatName[];
/** Pictures traced to SVG, through a greymap. */
const PICTURES: readonly FormatName[] = ['png', 'jpg', 'gif', 'webp'];
const BACKEND: Partial<Record<FormatName, string>> = {
  svg: 'svg',
  eps: 'eps',
  ps: 'ps',
  pdf: 'pdf',
  dxf: 'dxf',
  geojson: 'geojson',
  fig: 'xfig',
};
const LIMITS: EngineLimits = { maxPixels: PIXEL_LIMITS.trace };
const FIG_TARGETS = ['svg', 'eps', 'pdf'] as const satisfies readonly FormatName[];

/** Width and height from a PNM or BMP header, or null if it cannot be read. */
export function bitmapSize(head: Buffer): { width: number; height: number } | null {
  if (head[0] === 0x42 && head[1] === 0x4d && head.length >= 26) {
    return { width: Math.abs(head.readInt32LE(18)), height: Math.abs(head.readInt32LE(22)) };
  }
  const text = head.toString('latin1').replace(/#[^\n]*\n/g, ' ');
  const m = /^P[1-6]\s+(\d+)\s+(\d+)/.exec(text);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat'>): Promise<void> {
  // A picture's header is checked by the sharp worker that reads it, its greymap's before potrace.
  if (job.inputFormat === 'fig' || PICTURES.includes(job.inputFormat)) return;
  const fh = await open(job.inputPath);
  let head: Buffer;
  try {
    head = (await fh.read(Buffer.alloc(1024), 0, 1024, 0)).buffer;
  } finally {
    await fh.close();
  }
  const size = bitmapSize(head);
  if (!size) throw new AppError('unsupported_format', 'The bitmap header could not be read.');
  if (size.width * size.height > LIMITS.maxPixels)
    throw new AppError('unsupported_format', `The bitmap is too large to trace (${size.width}×${size.height}).`);
}

/** A picture as an upright greymap over white (PGM) in the job folder, checked as potrace's inputs are. */
async function greymap(job: EngineJob): Promise<string> {
  const [page] = await uprightPages(job, path.join(job.workDir, 'upright'), { firstOnly: true, flatten: '#ffffff' });
  const pgm = path.join(job.workDir, 'greymap.pgm');
  await imagemagickEngine.convert({
    ...job,
    inputPath: page,
    inputFormat: 'png',
    outputPath: pgm,
    targetFormat: 'pgm',
  });
  await inspect({ inputPath: pgm, inputFormat: 'pgm' });
  return pgm;
}

async function convert(job: EngineJob): Promise<void> {
  if (job.inputFormat === 'fig') {
    await runTool(job, 'fig2dev', ['-L', job.targetFormat, '--', job.inputPath, job.outputPath], {
      memoryLimitBytes: 1024 ** 3,
    });
    return assertOutput(job.outputPath, 'fig2dev');
  }
  const backend = BACKEND[job.targetFormat];
  if (!backend) throw new Error(`potrace: no backend for ${job.targetFormat}`);
  const bitmap = PICTURES.includes(job.inputFormat) ? await greymap(job) : job.inputPath;
  await runTool(job, 'potrace', ['-b', backend, '-o', job.outputPath, '--', bitmap], {
    memoryLimitBytes: 1024 ** 3,
  });
  await assertOutput(job.outputPath, 'potrace');
}

export const traceEngine: Engine = {
  name: 'trace',
  requires: ['potrace'],
  conversions: [
    { from: INPUTS, to: Object.keys(BACKEND) as FormatName[] },
    { from: PICTURES, to: ['svg'] },
    ...(hasProgram('fig2dev') ? [{ from: ['fig' as const], to: FIG_TARGETS }] : []),
  ],
  options: pdfOutputOptions,
  limits: LIMITS,
  inspect,
  convert,
};
