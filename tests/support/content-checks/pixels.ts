// Decoded pictures as 8-bit RGB, from the uncompressed formats the test side's readers write:
// PNM and PAM (ImageMagick, Netpbm, ffmpeg, pdftoppm, Ghostscript, ddjvu) and FITS, which
// ImageMagick 6 writes as three planes but reads back as one, sixel, which it reads as black, and
// Photoshop documents, whose indexed form it cannot read back.

export type Pixels = { width: number; height: number; rgb: Buffer };

/** A binary PNM (P4, P5, P6 or PAM P7) as RGB. */
export function fromPnm(pnm: Buffer): Pixels {
  const magic = pnm.subarray(0, 2).toString('latin1');
  if (magic === 'P7') return fromPam(pnm);
  const fields: number[] = [];
  let at = 2;
  const need = magic === 'P4' ? 2 : 3;
  while (fields.length < need) {
    while (/\s/.test(String.fromCharCode(pnm[at]))) at++;
    if (pnm[at] === 0x23) {
      while (pnm[at] !== 0x0a) at++;
      continue;
    }
    const start = at;
    while (!/\s/.test(String.fromCharCode(pnm[at]))) at++;
    fields.push(Number(pnm.subarray(start, at).toString('latin1')));
  }
  at++;
  const [width, height, max = 1] = fields;
  const rgb = Buffer.alloc(width * height * 3);
  const wide = max > 255;
  const sample = (i: number) =>
    wide ? Math.round((pnm.readUInt16BE(at + 2 * i) * 255) / max) : (pnm[at + i] * 255) / max;
  for (let p = 0; p < width * height; p++) {
    if (magic === 'P4') {
      const [x, y] = [p % width, Math.floor(p / width)];
      const bit = (pnm[at + y * Math.ceil(width / 8) + (x >> 3)] >> (7 - (x & 7))) & 1;
      rgb.fill(bit ? 0 : 255, p * 3, p * 3 + 3);
    } else if (magic === 'P5') rgb.fill(sample(p), p * 3, p * 3 + 3);
    else for (let c = 0; c < 3; c++) rgb[p * 3 + c] = sample(p * 3 + c);
  }
  return { width, height, rgb };
}

function fromPam(pam: Buffer): Pixels {
  const end = pam.indexOf('ENDHDR\n');
  const head = Object.fromEntries(
    pam
      .subarray(0, end)
      .toString('latin1')
      .split('\n')
      .map((l) => l.split(/\s+/)),
  ) as Record<string, string>;
  const [width, height, depth, max] = ['WIDTH', 'HEIGHT', 'DEPTH', 'MAXVAL'].map((k) => Number(head[k]));
  const at = end + 7;
  const rgb = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++)
    for (let c = 0; c < 3; c++) rgb[p * 3 + c] = (pam[at + p * depth + (depth >= 3 ? c : 0)] * 255) / max;
  return { width, height, rgb };
}

/** A FITS image (8 or 16-bit integers, one plane or three, rows from the bottom up) as RGB. */
export function fromFits(fits: Buffer): Pixels {
  const cards = new Map<string, string>();
  let at = 0;
  for (; at < fits.length; at += 80) {
    const card = fits.subarray(at, at + 80).toString('latin1');
    if (card.startsWith('END ')) break;
    const m = /^(\S+)\s*=\s*'?([^'/]*)/.exec(card);
    if (m) cards.set(m[1], m[2].trim());
  }
  const data = Math.ceil((at + 80) / 2880) * 2880;
  const [bitpix, width, height] = ['BITPIX', 'NAXIS1', 'NAXIS2'].map((k) => Number(cards.get(k)));
  const planes = Number(cards.get('NAXIS3') ?? 1);
  const [zero, scale] = [Number(cards.get('BZERO') ?? 0), Number(cards.get('BSCALE') ?? 1)];
  const value = (i: number) => {
    const raw =
      bitpix === 8 ? fits[data + i] : bitpix === 16 ? fits.readInt16BE(data + 2 * i) : fits.readFloatBE(data + 4 * i);
    return raw * scale + zero;
  };
  const max = bitpix === 8 ? 255 : bitpix === 16 ? 65535 : 1;
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        const plane = planes >= 3 ? c : 0;
        const v = value(plane * width * height + (height - 1 - y) * width + x);
        rgb[(y * width + x) * 3 + c] = Math.round((Math.max(0, Math.min(max, v)) * 255) / max);
      }
  return { width, height, rgb };
}

/** A sixel picture (DEC terminal graphics: six-pixel columns in colours defined as RGB percentages) as RGB on white. */
export function fromSixel(text: string): Pixels {
  const body = text.slice(text.indexOf('q') + 1);
  const raster = /^"(\d+);(\d+);(\d+);(\d+)/.exec(body);
  const columns: Array<[number, number, number, number]> = []; // x, band, colour, six bits
  const palette = new Map<number, number[]>();
  let [x, band, colour, width] = [0, 0, 0, 0];
  for (let i = raster ? raster[0].length : 0; i < body.length; i++) {
    const c = body[i];
    const rest = body.slice(i, i + 40);
    if (c === '#') {
      const m = /^#(\d+)(?:;2;(\d+);(\d+);(\d+))?/.exec(rest);
      if (!m) continue;
      colour = Number(m[1]);
      if (m[2] !== undefined)
        palette.set(
          colour,
          [m[2], m[3], m[4]].map((v) => Math.round((Number(v) * 255) / 100)),
        );
      i += m[0].length - 1;
    } else if (c === '!') {
      const m = /^!(\d+)(.)/.exec(rest)!;
      for (let n = 0; n < Number(m[1]); n++) columns.push([x++, band, colour, m[2].charCodeAt(0) - 63]);
      i += m[0].length - 1;
    } else if (c === '$') x = 0;
    else if (c === '-') [x, band] = [0, band + 1];
    else if (c >= '?' && c <= '~') columns.push([x++, band, colour, c.charCodeAt(0) - 63]);
    width = Math.max(width, x);
  }
  const [w, h] = raster ? [Number(raster[3]), Number(raster[4])] : [width, (band + 1) * 6];
  const rgb = Buffer.alloc(w * h * 3, 255);
  for (const [cx, b, k, six] of columns)
    for (let bit = 0; bit < 6; bit++) {
      const y = b * 6 + bit;
      if (six & (1 << bit) && cx < w && y < h) rgb.set(palette.get(k) ?? [0, 0, 0], (y * w + cx) * 3);
    }
  return { width: w, height: h, rgb };
}

/** PackBits (Photoshop's RLE): a count byte, then that many literal bytes or one byte repeated. */
function unpackBits(src: Buffer, at: number, length: number): Buffer {
  const out: number[] = [];
  for (let i = at; i < at + length;) {
    const n = src.readInt8(i++);
    if (n >= 0) for (let k = 0; k <= n; k++) out.push(src[i++]);
    else if (n !== -128) for (let k = 0; k <= -n; k++) out.push(src[i]);
    if (n < 0 && n !== -128) i++;
  }
  return Buffer.from(out);
}

/**
 * A Photoshop document's composite picture (PSD, or PSB with its wider lengths): RGB or grey of 8 or
 * 16 bits, indexed or bitmap, raw or PackBits. ImageMagick 6 cannot read back the indexed PSD it writes for a picture
 * of few colours.
 */
export function fromPsd(psd: Buffer): Pixels {
  const big = psd.readUInt16BE(4) === 2;
  const [channels, height, width, depth, mode] = [
    psd.readUInt16BE(12),
    psd.readUInt32BE(14),
    psd.readUInt32BE(18),
    psd.readUInt16BE(22),
    psd.readUInt16BE(24),
  ];
  if (depth !== 1 && depth !== 8 && depth !== 16) throw new Error(`a ${depth}-bit Photoshop document`);
  const bytes = depth / 8; // a 16-bit sample's high byte is its 8-bit value
  const rowBytes = depth === 1 ? Math.ceil(width / 8) : width * bytes;
  let at = 26;
  const palette = psd.subarray(at + 4, at + 4 + psd.readUInt32BE(at));
  at += 4 + palette.length;
  at += 4 + psd.readUInt32BE(at); // image resources
  at += big ? 8 + Number(psd.readBigUInt64BE(at)) : 4 + psd.readUInt32BE(at); // layers
  const compression = psd.readUInt16BE(at);
  at += 2;
  const planes: Buffer[] = [];
  const rows = channels * height;
  const counts = Array.from({ length: rows }, (_, i) =>
    big ? psd.readUInt32BE(at + 4 * i) : psd.readUInt16BE(at + 2 * i),
  );
  if (compression === 1) at += rows * (big ? 4 : 2);
  for (let c = 0; c < channels; c++) {
    const rowsOf: Buffer[] = [];
    for (let y = 0; y < height; y++) {
      const n = compression === 1 ? counts[c * height + y] : rowBytes;
      rowsOf.push(compression === 1 ? unpackBits(psd, at, n) : psd.subarray(at, at + n));
      at += n;
    }
    planes.push(Buffer.concat(rowsOf));
  }
  const rgb = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const [x, y] = [p % width, Math.floor(p / width)];
    // Bitmap mode: a set bit is black.
    const bit = depth === 1 ? (planes[0][y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 : 0;
    for (let c = 0; c < 3; c++)
      rgb[p * 3 + c] =
        depth === 1
          ? bit
            ? 0
            : 255
          : mode === 2
            ? palette[c * 256 + planes[0][p]]
            : mode === 1
              ? planes[0][p * bytes]
              : planes[c][p * bytes];
  }
  return { width, height, rgb };
}
