import type { FormatName } from '@/lib/formats/catalog';
import type { Engine, EngineJob } from './types';
import { assertOutput, runTool } from './run-tool';

// SVG through librsvg's rsvg-convert. librsvg loads only files next to the SVG; in the
// sandbox that is the job folder, and there is no network for http(s) references.

const FORMAT: Partial<Record<FormatName, string>> = { png: 'png', pdf: 'pdf', ps: 'ps', eps: 'eps' };

async function convert(job: EngineJob): Promise<void> {
  const f = FORMAT[job.targetFormat];
  if (!f) throw new Error(`rsvg-convert: cannot write ${job.targetFormat}`);
  await runTool(job, 'rsvg-convert', ['-f', f, '-o', job.outputPath, job.inputPath]);
  await assertOutput(job.outputPath, 'rsvg-convert');
}

export const svgEngine: Engine = {
  name: 'librsvg',
  requires: ['rsvg-convert'],
  conversions: [{ from: ['svg'], to: Object.keys(FORMAT) as FormatName[] }],
  convert,
};
