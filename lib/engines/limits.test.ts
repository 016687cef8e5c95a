import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { comicEngine } from './ebook/comic-engine';
import { COMPRESSORS } from './compress';
import { dicomEngine } from './raster/dicom-engine';
import { djvuEngine } from './ebook/djvu-engine';
import { ffmpegEngine } from './ffmpeg/ffmpeg-engine';
import { ffmpegImageEngine } from './ffmpeg/ffmpeg-image-engine';
import { imagePdfEngine } from './image-pdf/image-pdf-engine';
import { imagemagickEngine } from './imagemagick/imagemagick-engine';
import { megapixels, PIXEL_LIMITS } from './limits';
import { mediaEngine } from './media/media-engine';
import { netpbmEngine } from './raster/netpbm-engine';
import { ocrEngine } from './ocr/ocr-engine';
import { rawEngine } from './raster/raw-engine';
import { sharpEngine } from './sharp/sharp-engine';
import { traceEngine } from './svg/trace-engine';
import type { Engine } from './types';

const compressor = (name: string) => COMPRESSORS.find((e) => e.name === name)!;
const capOf = (engines: Engine[]) => engines.map((e) => e.limits?.maxPixels);

describe('engine limits', () => {
  it("ImageMagick's policy.xml caps the area at the limit its engine declares", () => {
    const policy = readFileSync(path.join(__dirname, 'imagemagick', 'policy.xml'), 'utf8');
    const area = /<policy domain="resource" name="area" value="(\d+)MP"\/>/.exec(policy)?.[1];
    expect(Number(area) * 1e6).toBe(PIXEL_LIMITS.imagemagick);
    expect(imagemagickEngine.limits?.maxPixels).toBe(PIXEL_LIMITS.imagemagick);
  });

  it('engines that decode through the same program declare its cap', () => {
    // sharp: the converter, the image compressor, OCR's images, comic and DjVu pages, pictures → PDF.
    const sharpDecoded = [
      sharpEngine,
      compressor('compress-images'),
      ocrEngine,
      comicEngine,
      djvuEngine,
      imagePdfEngine,
    ];
    expect(capOf(sharpDecoded)).toEqual(sharpDecoded.map(() => PIXEL_LIMITS.image));
    const ffmpegDecoded = [ffmpegEngine, mediaEngine, ffmpegImageEngine, compressor('compress-media')];
    expect(capOf(ffmpegDecoded)).toEqual(ffmpegDecoded.map(() => PIXEL_LIMITS.video));
    expect(capOf([rawEngine, dicomEngine, netpbmEngine])).toEqual([1, 2, 3].map(() => PIXEL_LIMITS.raw));
    expect(traceEngine.limits?.maxPixels).toBe(PIXEL_LIMITS.trace);
  });

  it('names a cap as its refusals do', () => {
    expect(megapixels(PIXEL_LIMITS.image)).toBe('100 megapixels');
  });
});
