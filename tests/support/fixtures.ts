// Input files made on the fly, for every tier (no server imports, so the Playwright specs use it too).
import sharp from 'sharp';

/** A real PNG of the given size. */
export const makePng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

/** A PNG of gaussian noise: slow to encode (AVIF takes seconds at a few megapixels), for tests that need a busy engine. */
export const makeNoisyPng = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
