'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, run by bare Node in the sandbox */
// The warm sharp worker: runs inside its own bubblewrap sandbox (see pool.ts), sees only its
// exchange folder, and does what one JSON line asks (protocol in ../warm/sandboxed-worker.ts).
// It holds no policy: formats, options and limits come with each request from sharp-engine.ts.
// Plain CommonJS so that it runs on bare Node, outside any bundler.
const { serve } = require('../warm/serve.cjs');

const sharp = require(process.argv[2]);
sharp.concurrency(1);
sharp.cache(false); // a conversion service never reopens the same file: keep memory flat

/**
 * The input's header against the request's expectation (`expect: { format, compression? }`,
 * `maxPixels`, optionally `maxPages` and `pageByPage`, made in header.ts), read without decoding
 * anything, so a pixel flood costs nothing here. Returns the header fields, and `refused` with the
 * first expectation it fails, if any. With `pageByPage`, pages are decoded one at a time (each
 * within maxPixels, libvips checking every page as it opens it): the header is the first page's,
 * so pages of different sizes are read too.
 */
async function checkHeader(req) {
  let m;
  try {
    m = await sharp(req.in, { limitInputPixels: false, animated: !req.pageByPage }).metadata();
  } catch (e) {
    return { refused: 'unreadable', error: String((e && e.message) || e) };
  }
  const { format, compression, width, height, pageHeight, pages, orientation, density, depth, space } = m;
  const meta = { format, compression, width, height, pageHeight, pages, orientation, density, depth, space };
  const { expect, maxPixels, maxPages } = req;
  const decoded = req.pageByPage ? 1 : Math.max(1, pages ?? 1);
  let refused;
  if (format !== expect.format || (expect.compression !== undefined && compression !== expect.compression))
    refused = 'format';
  else if (!width || !height) refused = 'dimensions';
  else if (maxPages !== undefined && (pages ?? 1) > maxPages) refused = 'pages';
  else if (width * (pageHeight ?? height) * decoded > maxPixels) refused = 'pixels';
  return { meta, refused };
}

/** More than 8 bits a sample (16-bit PNG and TIFF, 10/12-bit AVIF and HEIF, float TIFF). */
const isDeep = (meta) => meta.depth !== undefined && !['uchar', 'char'].includes(meta.depth);
const deepSpace = (meta) => (['b-w', 'grey16'].includes(meta.space) ? 'grey16' : 'rgb16');

/**
 * The resolution to record: `req.density`, else `req.defaultDensity` for a picture that records
 * none (libvips would write 25.4 dpi), else none (the input's is kept).
 */
async function densityFor(image, req) {
  if (req.density) return req.density;
  if (req.defaultDensity && !(await image.metadata()).density) return req.defaultDensity;
  return undefined;
}

/** withDensity keeps EXIF; an empty withExif then replaces the input's (camera, GPS) unless kept. */
const withDpi = (image, dpi, keepMetadata) =>
  keepMetadata ? image.withDensity(dpi) : image.withDensity(dpi).withExif({});

const ops = {
  inspect: checkHeader,
  async convert(req) {
    const header = await checkHeader(req);
    if (header.refused) return header;
    // libvips checks the same budget again as it opens the image to decode it.
    let image = sharp(req.in, { limitInputPixels: req.maxPixels, animated: req.animated, failOn: 'error' });
    image = image.autoOrient();
    if (req.flatten) image = image.flatten({ background: req.flatten });
    if (req.resize) image = image.resize(req.resize);
    if (req.keepMetadata) image = image.keepMetadata();
    const dpi = await densityFor(image, req);
    if (dpi) image = withDpi(image, dpi, req.keepMetadata);
    // `deep`: what the target takes to hold a source of more than 8 bits a sample (16-bit samples,
    // encoder settings); without it libvips writes 8 bits.
    let formatOptions = req.formatOptions;
    if (req.deep && isDeep(header.meta)) {
      image = image.toColourspace(deepSpace(header.meta));
      formatOptions = { ...formatOptions, ...req.deep.formatOptions };
    }
    await image.toFormat(req.format, formatOptions).toFile(req.out);
    return {};
  },
  /**
   * Re-encodes in the same format. With `targetSize`, decodes once and searches the highest
   * quality in [minQuality, formatOptions.quality] whose output fits (best effort: the smallest
   * try is kept when none does).
   */
  async compress(req) {
    const header = await checkHeader(req);
    if (header.refused) return header;
    const open = () =>
      sharp(req.in, { limitInputPixels: req.maxPixels, animated: req.animated, failOn: 'error' }).autoOrient();
    if (!req.targetSize) {
      await open().toFormat(req.format, req.formatOptions).toFile(req.out);
      return { reached: true };
    }
    const { data, info } = await open().raw().toBuffer({ resolveWithObject: true });
    const encode = (quality) =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .toFormat(req.format, { ...req.formatOptions, quality })
        .toBuffer();
    let lo = req.minQuality;
    let hi = req.formatOptions.quality;
    let best;
    while (lo <= hi) {
      const quality = Math.floor((lo + hi) / 2);
      const out = await encode(quality);
      if (out.length <= req.targetSize) {
        best = { quality, out };
        lo = quality + 1;
      } else hi = quality - 1;
    }
    const reached = best !== undefined;
    best ??= { quality: req.minQuality, out: await encode(req.minQuality) };
    await require('node:fs/promises').writeFile(req.out, best.out);
    return { reached, quality: best.quality };
  },
  /**
   * Every page (frame) of a multi-page image, or the first only (`firstOnly`), as a PNG, upright
   * (OCR's input, a PDF's pages), laid over `flatten` if given; `compressionLevel` 1 unless asked
   * (a page read once and dropped).
   */
  async pages(req) {
    const header = await checkHeader(req);
    if (header.refused) return header;
    const pages = req.firstOnly ? 1 : (header.meta.pages ?? 1);
    const files = [];
    for (let page = 0; page < pages; page++) {
      const file = `${req.outPrefix}-${page + 1}.png`;
      let image = sharp(req.in, { limitInputPixels: req.maxPixels, page, failOn: 'error' }).autoOrient();
      if (req.flatten) image = image.flatten({ background: req.flatten });
      const dpi = await densityFor(image, req);
      if (dpi) image = withDpi(image, dpi, false);
      await image.png({ compressionLevel: req.compressionLevel ?? 1 }).toFile(file);
      files.push(file);
    }
    return { files };
  },
  /**
   * Every frame of an animation as shown (disposal and blending applied), laid over `flatten`, as
   * PNGs `<outPrefix>-<n>.png`, with each frame's delay in ms: decoded once, whole, then cut.
   */
  async frames(req) {
    const header = await checkHeader(req);
    if (header.refused) return header;
    const { delay = [] } = await sharp(req.in, { limitInputPixels: false, animated: true }).metadata();
    const { data, info } = await sharp(req.in, { limitInputPixels: req.maxPixels, animated: true, failOn: 'error' })
      .flatten({ background: req.flatten })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, channels } = info;
    const pages = header.meta.pages ?? 1;
    const height = info.height / pages;
    const size = width * height * channels;
    for (let page = 0; page < pages; page++) {
      await sharp(data.subarray(page * size, (page + 1) * size), { raw: { width, height, channels } })
        .png({ compressionLevel: 1 })
        .toFile(`${req.outPrefix}-${page + 1}.png`);
    }
    return { width, height, delays: Array.from({ length: pages }, (_, i) => delay[i]) };
  },
};

serve(ops);
