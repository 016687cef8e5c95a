import { findEngine } from '@/lib/engines/registry';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import type { Levels } from './picture';

// Where a result legitimately cannot carry all of its sample's content, what is checked instead,
// and why: per pair, per source or per target, never for a whole family. A pair that loses
// content it could carry is not listed here: its test fails.

export type Exception = {
  reason: string;
  /** The text is read from the rendered page: the result is a picture of it. */
  text?: 'ocr';
  /** The picture's size: the format's own, with the picture in its top left corner, scaled to it, or (video) not checked. */
  size?: 'placed' | 'stretched' | 'any';
  /** The colours it keeps. */
  levels?: Levels;
  /** How far a flat colour may move (48 levels otherwise). */
  tolerance?: number;
  /**
   * The picture is found in the result by cropping it: to its ink (a traced outline, PICTURE's dark
   * half, whose extent is its own), or to what is not white (a picture placed on a page).
   */
  crop?: 'ink' | 'content';
  /** How much longer than the source a recording may be (0.1 s otherwise). */
  slack?: number;
  /** The sentences are each looked for, in any order: the result holds them as positioned frames in drawing order. */
  anyOrder?: true;
  /** The table's rows are checked, not its header (which the result writes otherwise). */
  rowsOnly?: true;
  /** No renderer here: the picture the file shows of itself (its thumbnail), or its colours in its drawing records. */
  records?: true;
};

/** Formats that hold two levels (or grey levels) only: colours are compared as dark or light (or as grey). */
const FORMAT_LEVELS: Partial<Record<FormatName, Levels>> = {
  ...Object.fromEntries(
    (
      [
        'pbm',
        'xbm',
        'cals',
        'jbig',
        'otb',
        'wbmp',
        'mgr',
        'cmuwm',
        'sunicon',
        'atk',
        'mda',
        'pi3',
        'ybm',
        'gem',
        'msp',
      ] as const
    ).map((f) => [f, 'bilevel']),
  ),
  // PalmDB ImageViewer pictures are grey by definition; ImageMagick writes VICAR and PGX as one band.
  ...Object.fromEntries(
    (['pgm', 'pgx', 'lispm', 'sbig', 'fs', 'dcm', 'biorad', 'palmdb', 'vicar'] as const).map((f) => [f, 'grey']),
  ),
};

const ORDER: readonly Levels[] = ['bilevel', 'grey', 'colour'];
const fewer = (a: Levels, b: Levels) => ORDER[Math.min(ORDER.indexOf(a), ORDER.indexOf(b))];

type Rule = { from?: readonly FormatName[]; to?: readonly FormatName[]; engine?: string } & Exception;

const PAGE_PICTURES = ['cbz', 'cb7', 'cbt', 'djvu', 'svg'] as const;

const RULES: readonly Rule[] = [
  {
    to: ['neo', 'pi1', 'pi3'],
    size: 'placed',
    reason: 'Atari NEOchrome and Degas pictures are a whole screen (320×200, 640×400)',
  },
  {
    from: ['neo', 'pi1', 'pi3'],
    size: 'placed',
    reason: 'an Atari screen (320×200, 640×400) holds the picture in its corner',
  },
  {
    to: ['pcd'],
    size: 'stretched',
    reason: 'Photo CD holds fixed sizes (192×128 and up): the picture is scaled to 3:2',
  },
  { from: ['pcd'], size: 'stretched', reason: 'the Photo CD sample is the picture scaled to 192×128' },
  { to: ['dv', 'gxf'], size: 'any', reason: 'DV and GXF hold broadcast frame sizes only (720×576)' },
  {
    from: ['djvu'],
    tolerance: 72,
    reason: "DjVu's IW44 wavelet coding at c44's default quality moves a flat colour by up to 60 levels",
  },
  {
    to: ['djvu'],
    tolerance: 72,
    reason: "DjVu's IW44 wavelet coding at c44's default quality moves a flat colour by up to 60 levels",
  },
  {
    from: ['dng'],
    tolerance: 64,
    reason: 'a raw photo is developed (colour matrix, white balance): a primary moves by up to 50 levels',
  },
  {
    to: ['palm', 'palmdb'],
    levels: 'grey',
    tolerance: 90,
    reason: "ImageMagick's Palm writers keep 4 grey levels, rounded down",
  },
  {
    from: ['palm', 'palmdb'],
    levels: 'grey',
    tolerance: 90,
    reason: "the Palm samples hold 4 grey levels (ImageMagick's writers)",
  },
  {
    engine: 'trace',
    levels: 'bilevel',
    crop: 'ink',
    reason: 'a traced outline has two levels, and its own extent (or a page)',
  },
  {
    from: ['fig'],
    levels: 'bilevel',
    crop: 'ink',
    reason: 'the Xfig sample is a traced outline: fig2dev crops it to itself',
  },
  { from: ['djvu'], to: ['ps'], crop: 'content', reason: 'the DjVu page is placed on an A4 PostScript page' },
  { from: ['sxd', 'emf', 'wmf'], crop: 'content', reason: 'LibreOffice Draw puts the drawing on an A4 page' },
  {
    to: ['odg', 'otg', 'fodg', 'sxd', 'emf', 'wmf'],
    records: true,
    reason:
      'no renderer here for OpenDocument drawings and Windows metafiles but LibreOffice itself: their own page thumbnail, or their colour records',
  },
  {
    from: ['pdf'],
    to: ['odt', 'docx', 'doc', 'rtf'],
    anyOrder: true,
    reason: "LibreOffice's PDF import writes each line as a frame placed on the page, in drawing order",
  },
  {
    from: ['dbf'],
    to: ['pdf'],
    rowsOnly: true,
    reason: 'LibreOffice heads a dBase column with its type (NAME,C,10), cut at the column width',
  },
  { from: ['pdf'], to: PAGE_PICTURES, text: 'ocr', reason: 'the result is a picture of the page (no text layer)' },
  // Recordings a little longer than their source: padding, not lost content.
  { to: ['caf'], slack: 0.15, reason: "CAF keeps AAC's priming and padding (it has no edit list): 0.11 s more" },
  {
    to: ['flv', 'f4v', 'asf', 'wmv'],
    slack: 0.2,
    reason: 'FLV and ASF count the last frame and the audio padding: up to 0.17 s more',
  },
  {
    from: ['amr', 'awb', 'gsm', 'mmf', 'ra', 'rm'],
    slack: 0.25,
    reason: "at 8 kHz an MP3 or AAC frame is 72–128 ms: the encoder's delay and last frame add up to 0.23 s",
  },
  {
    from: ['gxf'],
    slack: 0.35,
    reason: "ffmpeg's GXF muxer pads the sound to whole packets: the 0.4 s sample holds 0.68 s of it, kept as it is",
  },
  { from: ['mid', 'rmi'], slack: 1.1, reason: 'the synthesiser lets the last note ring out (about 1 s)' },
];

/** The exceptions that apply to converting `from` to `to`, merged (their reasons joined), if any. */
export function exceptionOf(from: FormatName, to: FormatName): Exception | undefined {
  const found = RULES.filter(
    (r) =>
      (!r.to || r.to.includes(to)) &&
      (!r.from || r.from.includes(from)) &&
      (!r.engine || findEngine(from, to)?.name === r.engine),
  );
  if (found.length === 0) return undefined;
  const merged: Exception = { reason: found.map((r) => r.reason).join('; ') };
  for (const r of found)
    for (const key of [
      'text',
      'size',
      'levels',
      'tolerance',
      'crop',
      'slack',
      'records',
      'anyOrder',
      'rowsOnly',
    ] as const)
      if (r[key] !== undefined) Object.assign(merged, { [key]: r[key] });
  return merged;
}

/** The levels a pair keeps: the fewer of its source's and its target's, or its exception's. */
export function levelsOf(from: FormatName, to: FormatName): Levels {
  const own = exceptionOf(from, to)?.levels ?? 'colour';
  const [a, b] = [FORMAT_LEVELS[from] ?? 'colour', FORMAT_LEVELS[to] ?? 'colour'];
  return fewer(own, fewer(FORMATS[from].family === 'image' ? a : 'colour', b));
}
