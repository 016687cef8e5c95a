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
 * `maxPixels`, made in header.ts), read without decoding anything, so a pixel flood costs nothing
 * here. Returns the header fields, and `refused` with the first expectation it fails, if any.
 */
async function checkHeader(req) {
  let m;
  try {
    m = await sharp(req.in, { limitInputPixels: false, animated: true }).metadata();
  } catch (e) {
    return { refused: 'unreadable', error: String((e && e.message) || e) };
  }
  const { format, compression, width, height, pageHeight, pages } = m;
  const meta = { format, compression, width, height, pageHeight, pages };
  const { expect, maxPixels } = req;
  let refused;
  if (format !== expect.format || (expect.compression !== undefined && compression !== expect.compression))
    refused = 'format';
  else if (!width || !height) refused = 'dimensions';
  else if (width * (pageHeight ?? height) * Math.max(1, pages ?? 1) > maxPixels) refused = 'pixels';
  return { meta, refused };
}

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
    // withDensity keeps EXIF; an empty withExif then replaces the input's (camera, GPS) when stripping.
    if (req.density)
      image = req.keepMetadata ? image.withDensity(req.density) : image.withDensity(req.density).withExif({});
    await image.toFormat(req.format, req.formatOptions).toFile(req.out);
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
  /** Every page (frame) of a multi-page image as a PNG, upright: OCR's input. */
  async pages(req) {
    const header = await checkHeader(req);
    if (header.refused) return header;
    const { pages = 1 } = header.meta;
    const files = [];
    for (let page = 0; page < pages; page++) {
      const file = `${req.outPrefix}-${page + 1}.png`;
      await sharp(req.in, { limitInputPixels: req.maxPixels, page, failOn: 'error' })
        .autoOrient()
        .png({ compressionLevel: 1 })
        .toFile(file);
      files.push(file);
    }
    return { files };
  },
};

serve(ops);
