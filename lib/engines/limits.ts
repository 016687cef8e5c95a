// The largest inputs the engines decode, in pixels (width × height, all frames together where an
// engine reads them all). Each engine checks its cap from the input's header before decoding, so a
// "pixel flood" (a small file announcing an enormous image) is refused instead of allocated.
// ImageMagick reads its cap from ./imagemagick/policy.xml, a file: a test holds it to this one.

const MP = 1_000_000;

export const PIXEL_LIMITS = {
  /** sharp (libvips), and what decodes through it (comic pages, DjVu pages, OCR images): ≈ 400 MB as RGBA. */
  image: 100 * MP,
  /** dcraw's sensors (a 100 MP medium-format back fits), DICOM frames and netpbm images. */
  raw: 120 * MP,
  /** potrace's bitmaps: tracing holds several passes over the whole bitmap. */
  trace: 50 * MP,
  /** ffmpeg's video frames and the still images it reads (8K UHD ≈ 33 MP). */
  video: 40 * MP,
  /** ImageMagick's `area` resource (./imagemagick/policy.xml). */
  imagemagick: 100 * MP,
  /** A page the OCR worker examines for its skew (../ocr/page-image.cjs); above it the OCR itself refuses or is killed. */
  ocrPage: 2 ** 28,
} as const;

/** `100 megapixels`: a cap as the refusal names it. */
export const megapixels = (pixels: number) => `${pixels / MP} megapixels`;
