import sharp from 'sharp';

/** A real PNG of the given size, made on the fly. */
export const makePng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
