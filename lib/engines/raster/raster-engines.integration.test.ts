import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { inspectAndConvert, makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { dicom, dng } from '@/tests/fixtures/samples-raster';
import type { Engine } from '../types';
import { dicomEngine } from './dicom-engine';
import { ffmpegImageEngine } from '../ffmpeg/ffmpeg-image-engine';
import { imagemagickEngine } from '../imagemagick/imagemagick-engine';
import { netpbmEngine } from './netpbm-engine';
import { rawEngine } from './raw-engine';

// Hostile inputs for the raster engines beyond sharp (the format matrix covers the good paths): a header
// announcing a pixel flood is refused from the header alone, before anything is decoded in full.

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

async function refused(engine: Engine, input: Buffer, from: FormatName, message: RegExp): Promise<void> {
  const j = await makeJob(input, from, 'png');
  jobs.push(j);
  const err = await inspectAndConvert(engine, j).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('unsupported_format');
  expect(String((err as Error).message)).toMatch(message);
  expect(existsSync(j.outputPath)).toBe(false);
}

describe('raster engines refuse pixel floods', () => {
  it('dcraw: a DNG whose directory announces 60000×60000 pixels, and one dcraw cannot read', async () => {
    const flood = dng();
    flood.writeUInt32LE(60_000, 8 + 2 + 12 * 1 + 8); // ImageWidth
    flood.writeUInt32LE(60_000, 8 + 2 + 12 * 2 + 8); // ImageLength
    await refused(rawEngine, flood, 'dng', /too large/);
    await refused(rawEngine, dng().subarray(0, 16), 'dng', /could not be read/);
  });

  it('dcmtk: a DICOM file announcing 60000×60000 pixels', async () => {
    const flood = dicom();
    for (const tag of ['28001000', '28001100']) {
      const at = flood.indexOf(Buffer.from(`${tag}55530200`, 'hex'));
      flood.writeUInt16LE(60_000, at + 8); // Rows, Columns
    }
    await refused(dicomEngine, flood, 'dcm', /too large/);
  });

  it('Netpbm: a Utah RLE header announcing 30000×30000 pixels, and one Netpbm cannot read', async () => {
    const rle = Buffer.alloc(64);
    Buffer.from('52cc00000000', 'hex').copy(rle);
    rle.writeUInt16LE(30_000, 6);
    rle.writeUInt16LE(30_000, 8);
    Buffer.from('0a030800', 'hex').copy(rle, 10);
    await refused(netpbmEngine, rle, 'rle', /too large/);
    await refused(netpbmEngine, Buffer.from('FORM\0\0\0\x04ILBM', 'latin1'), 'ilbm', /could not be read/);
  });

  it("ffmpeg: a QOI header announcing 10000×10000 pixels (over the cap, under ffmpeg's own limit)", async () => {
    const qoi = Buffer.alloc(64);
    qoi.write('qoif', 0, 'latin1');
    qoi.writeUInt32BE(10_000, 4);
    qoi.writeUInt32BE(10_000, 8);
    qoi[12] = 3;
    await refused(ffmpegImageEngine, qoi, 'qoi', /too large/);
  });

  it('ImageMagick: the policy caps a VIPS header announcing 100000×100000 pixels', async () => {
    const vips = Buffer.alloc(128);
    Buffer.from('08f2a6b6', 'hex').copy(vips);
    vips.writeUInt32BE(100_000, 4);
    vips.writeUInt32BE(100_000, 8);
    vips.writeUInt32BE(3, 12);
    const j = await makeJob(vips, 'vips', 'png');
    jobs.push(j);
    await expect(imagemagickEngine.convert(j)).rejects.toThrow(/convert failed/);
    expect(existsSync(j.outputPath)).toBe(false);
  });
});
