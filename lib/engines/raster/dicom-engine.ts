import { AppError } from '@/lib/errors';
import type { Engine, EngineJob } from '../types';
import { writeTarget } from '../imagemagick/imagemagick-engine';
import { IMAGE_TARGETS, RAW_LIMITS } from './raw-engine';
import { assertOutput, runTool } from '../sandbox/run-tool';

// DICOM medical images through dcmtk (ImageMagick 6's DICOM reader fails on valid files). dcmdump
// first reads the header alone (pixel data is not loaded), so a pixel flood is refused before
// decoding; dcmj2pnm then renders the first frame (uncompressed, RLE or JPEG), windowed over its
// min-max range, to a PGM/PPM in the job folder, which ImageMagick writes as the target. All sandboxed.

async function convert(job: EngineJob): Promise<void> {
  const header = await runTool(job, 'dcmdump', ['-q', '+P', '0028,0010', '+P', '0028,0011', job.inputPath]);
  const rows = /\(0028,0010\) US (\d+)/.exec(header)?.[1];
  const columns = /\(0028,0011\) US (\d+)/.exec(header)?.[1];
  if (!rows || !columns) throw new AppError('unsupported_format', 'The DICOM file holds no image.');
  if (Number(rows) * Number(columns) > RAW_LIMITS.maxPixels)
    throw new AppError('unsupported_format', `The DICOM image is too large (${columns}×${rows}).`);
  job.onProgress(10);
  const pnm = job.inputPath.replace(/\.[^./]*$/, '.pnm');
  await runTool(job, 'dcmj2pnm', ['-q', '+Wm', '+op', job.inputPath, pnm]);
  await assertOutput(pnm, 'dcmj2pnm');
  job.onProgress(70);
  await writeTarget(job, `PNM:${pnm}`);
}

export const dicomEngine: Engine = {
  name: 'dicom',
  requires: ['dcmdump', 'dcmj2pnm', 'convert'],
  conversions: [{ from: ['dcm'], to: IMAGE_TARGETS }],
  limits: RAW_LIMITS,
  convert,
};
