import type { Engine, EngineJob } from '../types';
import { assertOutput, runTool } from '../sandbox/run-tool';

// JPEG XL with libjxl's reference tools: cjxl encodes PNG/JPEG/GIF/PPM (JPEG losslessly
// recompressed) at the source's bit depth, djxl decodes to PNG/JPEG/PPM (PNG and PPM at the
// image's bit depth, up to 16).

async function convert(job: EngineJob): Promise<void> {
  const tool = job.targetFormat === 'jxl' ? 'cjxl' : 'djxl';
  // 8 bits a sample for JPEG, which holds no more: djxl fails on a 16-bit image otherwise.
  const depth = job.targetFormat === 'jpg' ? ['--bits_per_sample=8'] : [];
  await runTool(job, tool, [job.inputPath, job.outputPath, ...depth, '--quiet']);
  await assertOutput(job.outputPath, tool);
}

export const jxlEngine: Engine = {
  name: 'jpeg-xl',
  requires: ['cjxl', 'djxl'],
  conversions: [
    { from: ['png', 'jpg', 'gif', 'ppm'], to: ['jxl'] },
    { from: ['jxl'], to: ['png', 'jpg', 'ppm'] },
  ],
  convert,
};
