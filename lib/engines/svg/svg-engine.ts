import path from 'node:path';
import type { FormatName } from '@/lib/formats/catalog';
import { sharpEngine } from '../sharp/sharp-engine';
import type { Engine, EngineJob } from '../types';
import { assertOutput, runTool } from '../sandbox/run-tool';
import { pdfOutputOptions } from '../pdf/pdfa-option';

// SVG through librsvg's rsvg-convert. librsvg loads only files next to the SVG; in the
// sandbox that is the job folder, and there is no network for http(s) references. The raster
// targets librsvg does not write are encoded by the sharp engine from its PNG, so they have the
// size and transparency SVG → PNG has (JPEG over white).

const FORMAT: Partial<Record<FormatName, string>> = { png: 'png', pdf: 'pdf', ps: 'ps', eps: 'eps' };
const VIA_PNG: readonly FormatName[] = ['jpg', 'webp', 'avif', 'tiff'];

async function convert(job: EngineJob): Promise<void> {
  if (VIA_PNG.includes(job.targetFormat)) {
    const png = path.join(job.workDir, 'rendered.png');
    await runTool(job, 'rsvg-convert', ['-f', 'png', '-o', png, job.inputPath]);
    await assertOutput(png, 'rsvg-convert');
    await sharpEngine.convert({ ...job, inputPath: png, inputFormat: 'png', options: {} });
    return;
  }
  const f = FORMAT[job.targetFormat];
  if (!f) throw new Error(`rsvg-convert: cannot write ${job.targetFormat}`);
  await runTool(job, 'rsvg-convert', ['-f', f, '-o', job.outputPath, job.inputPath]);
  await assertOutput(job.outputPath, 'rsvg-convert');
}

export const svgEngine: Engine = {
  name: 'librsvg',
  requires: ['rsvg-convert'],
  conversions: [{ from: ['svg'], to: [...(Object.keys(FORMAT) as FormatName[]), ...VIA_PNG] }],
  options: pdfOutputOptions,
  convert,
};
