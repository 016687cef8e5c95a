import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { coder } from '@/lib/engines/imagemagick/imagemagick-engine';
import type { FormatName } from '@/lib/formats/catalog';
import type { Picture } from '@/tests/fixtures/known-content';
import { fromFits, fromPnm, fromPsd, fromSixel, type Pixels } from './pixels';

export type { Pixels } from './pixels';

// A result's picture decoded to 8-bit RGB on white, and the check of its size and colour regions.
// sharp reads the common formats; ImageMagick most others (by the coder the engine writes them
// with); ffmpeg and Netpbm the few only they read. A picture of a page (PDF, PostScript, SVG, DjVu)
// is rendered first.

const exec = promisify(execFile);
const bytesOf = async (cmd: string, args: string[]) =>
  (await exec(cmd, args, { encoding: 'buffer', maxBuffer: 256 * 1024 ** 2 })).stdout;

const SHARP_READS = new Set<FormatName>(['png', 'jpg', 'webp', 'gif', 'tiff', 'avif', 'heic', 'svg']);
/** Formats only Netpbm reads here: the reader program. */
const NETPBM_READS: Partial<Record<FormatName, string>> = {
  ilbm: 'ilbmtoppm',
  rle: 'rletopnm',
  mgr: 'mgrtopbm',
  cmuwm: 'cmuwmtopbm',
  lispm: 'lispmtopgm',
  sunicon: 'sunicontopnm',
  atk: 'atktopbm',
  leaf: 'leaftoppm',
  srf: 'srftopam',
  mda: 'mdatopbm',
  pi1: 'pi1toppm',
  pi3: 'pi3topbm',
  neo: 'neotoppm',
  ybm: 'ybmtopbm',
  sbig: 'sbigtopgm',
  fs: 'fstopgm',
  gem: 'gemtopnm',
  xvmini: 'xvminitoppm',
};
/** Formats ffmpeg reads better than ImageMagick here. */
const FFMPEG_READS = new Set<FormatName>(['qoi', 'jls', 'pix', 'phm', 'vbn', 'exr', 'dds', 'msp']);

/** The first picture of `file` (a raster result of `format`) as 8-bit RGB over white. */
export async function decodePicture(file: string, format: FormatName): Promise<Pixels> {
  // libvips reads a float TIFF as 0–1 and a 32-bit one unscaled: ImageMagick scales them.
  const depth =
    format === 'tiff'
      ? (
          await sharp(file)
            .metadata()
            .catch(() => undefined)
        )?.depth
      : undefined;
  const float = depth !== undefined && !['uchar', 'char', 'ushort', 'short'].includes(depth);
  if (SHARP_READS.has(format) && !float) {
    const read = await sharp(file, { pages: 1 })
      .rotate() // upright, as its EXIF orientation says
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => undefined); // a layout libvips does not read (4-bit TIFF samples): ImageMagick below
    if (read) return { width: read.info.width, height: read.info.height, rgb: read.data };
  }
  if (format === 'fits') return fromFits(await readFile(file));
  if (format === 'dng') return fromPnm(await bytesOf('dcraw', ['-c', '-w', file]));
  if (format === 'dcm')
    return fromPnm(await bytesOf('sh', ['-c', 'dcmj2pnm -q +Wm +op "$0" "$0.pnm" && cat "$0.pnm"', file]));
  if (format === 'biorad') return fromPnm(await bytesOf('sh', ['-c', 'bioradtopgm -0 "$0" | pamtopnm', file]));
  if (format === 'sixel') return fromSixel(await readFile(file, 'latin1'));
  if (format === 'psd' || format === 'psb') return fromPsd(await readFile(file));
  if (format === 'fig') return fromPnm(await bytesOf('fig2dev', ['-L', 'ppm', file]));
  if (format === 'jxl') {
    await exec('djxl', [file, `${file}.ppm`, '--quiet']);
    return fromPnm(await readFile(`${file}.ppm`));
  }
  const netpbm = NETPBM_READS[format];
  if (netpbm) return fromPnm(await bytesOf('sh', ['-c', 'exec "$0" "$1" | pamtopnm', netpbm, file]));
  if (FFMPEG_READS.has(format)) {
    const args = [
      '-v',
      'error',
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'ppm',
      '-pix_fmt',
      'rgb24',
      '-',
    ];
    return fromPnm(await bytesOf('ffmpeg', args));
  }
  const args = [`${coder(format)}:${file}[0]`, '-background', 'white', '-alpha', 'remove', '-depth', '8', 'ppm:-'];
  return fromPnm(await bytesOf('/usr/bin/convert', args));
}

/** The first page of a PDF, PostScript, SVG or DjVu result rendered at 72 dpi (a drawing's unit is its pixel). */
export async function renderPage(file: string, format: FormatName, dpi = 72): Promise<Pixels> {
  if (format === 'svg') return decodePicture(file, 'svg');
  if (format === 'djvu') return fromPnm(await bytesOf('ddjvu', ['-format=ppm', '-page=1', file]));
  if (format === 'pdf') {
    return fromPnm(await bytesOf('pdftoppm', ['-f', '1', '-l', '1', '-r', String(dpi), file]));
  }
  const eps = format === 'eps' ? ['-dEPSCrop'] : [];
  const args = [
    '-q',
    '-dNOPAUSE',
    '-dBATCH',
    '-dSAFER',
    ...eps,
    `-r${dpi}`,
    '-sDEVICE=ppmraw',
    '-dLastPage=1',
    '-sOutputFile=-',
  ];
  return fromPnm(await bytesOf('gs', [...args, file]));
}

/** The mean colour of a region given in fractions of the picture. */
export function meanColour(p: Pixels, r: { x: number; y: number; w: number; h: number }): [number, number, number] {
  const [x0, y0] = [Math.floor(r.x * p.width), Math.floor(r.y * p.height)];
  const [x1, y1] = [
    Math.max(x0 + 1, Math.ceil((r.x + r.w) * p.width)),
    Math.max(y0 + 1, Math.ceil((r.y + r.h) * p.height)),
  ];
  const sum = [0, 0, 0];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) for (let c = 0; c < 3; c++) sum[c] += p.rgb[(y * p.width + x) * 3 + c];
  const n = (x1 - x0) * (y1 - y0);
  return sum.map((s) => Math.round(s / n)) as [number, number, number];
}

const luma = ([r, g, b]: ArrayLike<number> & Iterable<number>) => 0.299 * r + 0.587 * g + 0.114 * b;

/** How a target keeps colour: all of it, grey levels only, or two levels (or a dithered few). */
export type Levels = 'colour' | 'grey' | 'bilevel';

/** How a result's picture is compared: its size, the colours it keeps, how far a flat colour may move. */
export type Comparison = {
  /** exact: the picture's size; proportions: its shape; placed: in the top left corner of a larger one; stretched: any shape. */
  size: 'exact' | 'proportions' | 'placed' | 'stretched';
  levels: Levels;
  tolerance?: number;
};

/** The part of `p` that is ink (darker than mid-grey: a traced outline) or content (not white: a picture on a page). */
export function cropTo(what: 'ink' | 'content', p: Pixels): Pixels {
  const inside = (px: Buffer) => (what === 'ink' ? luma(px) < 128 : Math.min(...px) < 235);
  let [x0, y0, x1, y1] = [p.width, p.height, -1, -1];
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++)
      if (inside(p.rgb.subarray((y * p.width + x) * 3, (y * p.width + x) * 3 + 3))) {
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
  if (x1 < 0) return { width: 0, height: 0, rgb: Buffer.alloc(0) };
  return crop(p, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
}

function crop(p: Pixels, x0: number, y0: number, width: number, height: number): Pixels {
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    p.rgb.copy(rgb, y * width * 3, ((y0 + y) * p.width + x0) * 3, ((y0 + y) * p.width + x0 + width) * 3);
  return { width, height, rgb };
}

/** What is wrong with `p` as `picture` (its size or shape, each region's colour), or undefined. */
export function pictureProblem(p: Pixels, picture: Picture, how: Comparison): string | undefined {
  if (p.width === 0) return 'no picture (nothing drawn)';
  const expected = `${picture.width}×${picture.height}`;
  if (how.size === 'exact' && (p.width !== picture.width || p.height !== picture.height))
    return `size ${p.width}×${p.height}, expected ${expected}`;
  if (how.size === 'placed') {
    if (p.width < picture.width || p.height < picture.height)
      return `size ${p.width}×${p.height}, expected ${expected} or more`;
    p = crop(p, 0, 0, picture.width, picture.height);
  }
  const [ratio, want] = [p.width / p.height, picture.width / picture.height];
  if (how.size === 'proportions' && Math.abs(ratio / want - 1) > 0.04)
    return `proportions ${p.width}×${p.height}, expected ${picture.width}:${picture.height}`;
  for (const r of picture.regions) {
    const got = meanColour(p, r);
    const off =
      how.levels === 'colour'
        ? Math.max(...got.map((v, c) => Math.abs(v - r.rgb[c])))
        : how.levels === 'grey'
          ? Math.abs(luma(got) - luma(r.rgb))
          : luma(got) < 128 === luma(r.rgb) < 128
            ? 0
            : 255;
    // JPEG and its kin move a flat colour by a few levels; a wrong colour is far off.
    if (off > (how.tolerance ?? 48))
      return `${r.name} is rgb(${got.join(',')}), expected rgb(${r.rgb.join(',')}) (${how.levels})`;
  }
  return undefined;
}
