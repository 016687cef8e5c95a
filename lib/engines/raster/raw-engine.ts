import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { runInJob } from '../sandbox/run-in-job';
import { PIXEL_LIMITS } from '../limits';
import type { Engine, EngineJob, EngineLimits } from '../types';
import { writeTarget } from '../imagemagick/imagemagick-engine';
import { assertOutput, runTool } from '../sandbox/run-tool';

// Camera RAW through dcraw: only DNG, the open format whose bytes we can prove (a TIFF with
// DNGVersion); the makers' own RAW formats are not listed (no sample we may make). dcraw first
// reports the sensor size (a pixel flood is refused before decoding), then demosaics to a PPM in
// the job folder, which ImageMagick writes as the target. Both run sandboxed.

export const IMAGE_TARGETS = ['png', 'jpg', 'webp', 'tiff', 'gif', 'bmp'] as const satisfies readonly FormatName[];

/** The sensor sizes dcraw demosaics; DICOM and netpbm images, decoded the same way, share them. */
export const RAW_LIMITS: EngineLimits = { maxPixels: PIXEL_LIMITS.raw };

async function convert(job: EngineJob): Promise<void> {
  const info = await runInJob(job, 'dcraw', ['-i', '-v', job.inputPath]);
  const size = info.code === 0 ? /Full size:\s+(\d+) x (\d+)/.exec(info.stdout) : null;
  if (!size) throw new AppError('unsupported_format', 'The RAW file could not be read.');
  if (Number(size[1]) * Number(size[2]) > RAW_LIMITS.maxPixels)
    throw new AppError('unsupported_format', `The RAW image is too large (${size[1]}×${size[2]}).`);
  job.onProgress(10);
  // -w: the camera's white balance where the file has one. dcraw names its output after the input.
  await runTool(job, 'dcraw', ['-w', job.inputPath]);
  const ppm = job.inputPath.replace(/\.[^./]*$/, '.ppm');
  await assertOutput(ppm, 'dcraw');
  job.onProgress(70);
  await writeTarget(job, `PPM:${ppm}`);
}

export const rawEngine: Engine = {
  name: 'raw',
  requires: ['dcraw', 'convert'],
  conversions: [{ from: ['dng'], to: IMAGE_TARGETS }],
  limits: RAW_LIMITS,
  convert,
};
