// The largest inputs the engines decode: pixels (width × height, all frames together where an
// engine reads them all) and pages. Each engine checks its cap from the input's header before
// decoding, so a "pixel flood" (a small file announcing an enormous image) is refused instead of
// allocated. ImageMagick reads its cap from ./imagemagick/policy.xml, a file: a test holds it to
// this one.

const MP = 1_000_000;

export const PIXEL_LIMITS = {
  /** sharp (libvips) and what decodes through it (comic and DjVu pages, OCR images): ≈ 400 MB as RGBA. */
  image: 100 * MP,
  /** dcraw's sensors (a 100 MP medium-format back fits), DICOM frames and netpbm images. */
  raw: 120 * MP,
  /** potrace's bitmaps. */
  trace: 50 * MP,
  /** ffmpeg's video frames and the still images it reads (8K UHD ≈ 33 MP). */
  video: 40 * MP,
  /** ImageMagick's `area` resource (./imagemagick/policy.xml). */
  imagemagick: 100 * MP,
  /**
   * A page the OCR worker examines for its skew (./ocr/page-image.cjs); a larger one goes to the OCR
   * unexamined, which refuses it or is killed.
   */
  ocrPage: 2 ** 28,
} as const;

/** What a document may hold before an engine reads its pages (from its header or the page list). */
export const PAGE_LIMITS = {
  /** Pages of one PDF or DjVu document. */
  document: 2000,
  /** Pages that become images in one conversion (each a full raster, handed back in one ZIP). */
  asImages: 100,
  /** Pages of one multi-page image (TIFF) that become PDF pages, each decoded on its own within PIXEL_LIMITS.image. */
  fromImage: 500,
  /** A PDF page's longest side, in points (200 inches): a huge page is a rasterising bomb. */
  sidePoints: 200 * 72,
} as const;

/** `100 megapixels`: a cap as the refusal names it. */
export const megapixels = (pixels: number) => `${pixels / MP} megapixels`;
