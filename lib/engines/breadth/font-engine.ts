import { rename } from 'node:fs/promises';
import type { Engine, EngineJob } from '../types';
import { assertOutput, runTool } from './run-tool';

// Web fonts with Google's woff2 tools. They write next to their input (input.woff2 / input.ttf).

async function convert(job: EngineJob): Promise<void> {
  const compress = job.targetFormat === 'woff2';
  const written = job.inputPath.replace(/\.[^./]+$/, compress ? '.woff2' : '.ttf');
  await runTool(job, compress ? 'woff2_compress' : 'woff2_decompress', [job.inputPath]);
  await assertOutput(written, 'woff2');
  await rename(written, job.outputPath);
}

export const fontEngine: Engine = {
  name: 'woff2',
  requires: ['woff2_compress', 'woff2_decompress'],
  conversions: [
    { from: ['ttf', 'otf'], to: ['woff2'] },
    { from: ['woff2'], to: ['ttf'] },
  ],
  convert,
};
