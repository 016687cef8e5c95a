import type { FormatName } from './catalog';
import { TAIL_DETECTORS } from './detect-tail';

// Magic bytes of the long-tail formats (issue 13) that file-type does not know, and the text
// formats: markup is told apart by its content where it can be (SVG, FictionBook, OPML, XPM…)
// and otherwise by the file name, but only once the bytes have proven plain UTF-8 text.

/** file-type answers for long-tail formats. */
export const BREADTH_DIRECT: Record<string, FormatName> = {
  psd: 'psd',
  xcf: 'xcf',
  ico: 'ico',
  cur: 'cur',
  jp2: 'jp2',
  jxl: 'jxl',
  ps: 'ps',
  eps: 'eps',
  '7z': '7z',
  tar: 'tar',
  // gz: a gzip stream is tgz or gz by what it holds (./detect-data-tail.ts looks inside)
  'tar.gz': 'tgz',
  bz2: 'tbz2',
  xz: 'txz',
  ttf: 'ttf',
  otf: 'otf',
  woff2: 'woff2',
  epub: 'epub',
  aif: 'aiff',
  ac3: 'ac3',
  mp2: 'mp2',
  caf: 'caf',
  wv: 'wv',
  voc: 'voc',
  flv: 'flv',
  mts: 'ts',
  ogv: 'ogv',
  '3gp': '3gp',
};

/** Containers that hold several of our formats: the name chooses among the ones the bytes allow. */
export function byContainer(ftExt: string, ext: string): FormatName | null {
  if (ftExt === 'asf') return ext === 'wma' ? 'wma' : 'wmv';
  if (ftExt === 'mpg') return ext === 'vob' ? 'vob' : 'mpeg';
  return null;
}

const starts = (head: Buffer, hex: string) => head.subarray(0, hex.length / 2).equals(Buffer.from(hex, 'hex'));
const ascii = (head: Buffer, s: string) => head.subarray(0, s.length).toString('latin1') === s;

/**
 * file-type calls anything starting 00 00 01|02 00 an icon or cursor, which a Targa header can
 * be too: an icon needs at least one directory entry pointing past the directory.
 */
export function isIconDirectory(h: Buffer): boolean {
  if (h.length < 22) return false;
  const count = h.readUInt16LE(4);
  return count > 0 && h[9] === 0 && h.readUInt32LE(18) >= 6 + 16 * count;
}

/** Binary signatures at the start of the file. */
export function binarySignature(head: Buffer): FormatName | null {
  if (ascii(head, '\x8aMNG\r\n\x1a\n')) return 'mng';
  if (ascii(head, '.snd')) return 'au';
  if (ascii(head, '\x8bJNG\r\n\x1a\n')) return 'jng';
  // X window dump: a big-endian header size of at least 100 bytes, then file version 7.
  if (head.length >= 100 && head.readUInt32BE(4) === 7 && head.readUInt32BE(0) >= 100 && head.readUInt32BE(0) < 4096)
    return 'xwd';
  if (ascii(head, 'DDS |')) return 'dds';
  if (ascii(head, 'SIMPLE  =')) return 'fits';
  if (ascii(head, '#?RADIANCE') || ascii(head, '#?RGBE')) return 'hdr';
  if (ascii(head, 'SDPX') || ascii(head, 'XPDS')) return 'dpx';
  if (ascii(head, 'id=ImageMagick')) return 'miff';
  if (starts(head, '59a66a95')) return 'ras';
  if (starts(head, '802a5fd7')) return 'cin';
  if (starts(head, 'ab01')) return 'viff';
  if (starts(head, '01da') && head.length >= 512 && (head[2] === 0 || head[2] === 1)) return 'sgi';
  // 'P7 332' starts an XV thumbnail, not a PAM (./detect-raster-tail.ts).
  const pnm = /^P([4-7])\s(?!332\n)/.exec(head.subarray(0, 7).toString('latin1'));
  if (pnm) return ({ '4': 'pbm', '5': 'pgm', '6': 'ppm', '7': 'pam' } as const)[pnm[1] as '4' | '5' | '6' | '7'];
  if (isPcx(head)) return 'pcx';
  if (isTga(head)) return 'tga';
  return null;
}

/** ZSoft PCX: 0x0A, a known version, RLE encoding, a valid bit depth and window. */
function isPcx(h: Buffer): boolean {
  if (h.length < 128 || h[0] !== 0x0a || ![0, 2, 3, 4, 5].includes(h[1]) || h[2] !== 1 || ![1, 2, 4, 8].includes(h[3]))
    return false;
  const [x0, y0, x1, y1] = [h.readUInt16LE(4), h.readUInt16LE(6), h.readUInt16LE(8), h.readUInt16LE(10)];
  return x1 >= x0 && y1 >= y0 && h[64] === 0 && [1, 3, 4].includes(h[65]);
}

/**
 * Targa has no magic at its start (the v2 footer is at the end): a header whose every field
 * holds one of the few legal values, with a non-empty image, is taken as TGA.
 */
function isTga(h: Buffer): boolean {
  if (h.length < 18) return false;
  const [idLen, mapType, type] = [h[0], h[1], h[2]];
  const width = h.readUInt16LE(12);
  const height = h.readUInt16LE(14);
  const depth = h[16];
  const descriptor = h[17];
  return (
    idLen < 64 &&
    (mapType === 0 || mapType === 1) &&
    [1, 2, 3, 9, 10, 11].includes(type) &&
    (mapType === 1) === (type === 1 || type === 9) &&
    width > 0 &&
    height > 0 &&
    [8, 15, 16, 24, 32].includes(depth) &&
    (descriptor & 0xc0) === 0 &&
    h.readUInt16LE(8) === 0 &&
    h.readUInt16LE(10) === 0
  );
}

/** Text markup chosen by the name (pandoc reads these; the bytes only prove UTF-8 text). */
const TEXT_BY_EXT: Record<string, FormatName> = {
  md: 'md',
  markdown: 'md',
  mkd: 'md',
  rst: 'rst',
  org: 'org',
  tex: 'tex',
  latex: 'tex',
  wiki: 'mediawiki',
  mediawiki: 'mediawiki',
  textile: 'textile',
  muse: 'muse',
  t2t: 't2t',
  creole: 'creole',
  man: 'man',
  csv: 'csv',
  // wiki markups pandoc reads, which are plain .txt on disk: named after the markup to be told apart
  dokuwiki: 'dokuwiki',
  jira: 'jira',
  tikiwiki: 'tikiwiki',
  twiki: 'twiki',
  vimwiki: 'vimwiki',
  haddock: 'haddock',
};

/** The text formats: content first (it cannot lie about itself), then the name among markups. */
export function textFormatOf(head: Buffer, ext: string): FormatName {
  const raw = head
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const start = raw.trimStart().toLowerCase();
  const pnm = /^P([1-3])\s/.exec(raw);
  if (pnm) return ({ '1': 'pbm', '2': 'pgm', '3': 'ppm' } as const)[pnm[1] as '1' | '2' | '3'];
  if (start.startsWith('/* xpm */')) return 'xpm';
  if (/^#define\s+\w+_width\s+\d+/.test(start)) return 'xbm';
  // XML: the root element names the format (XHTML too, after its XML declaration).
  const prolog = start.replace(/^(<\?xml[^>]*\?>|<!--[\s\S]*?-->|\s+)*/, '');
  if (/^<!doctype html[\s>]/.test(prolog) || /^<html[\s>]/.test(prolog)) return 'html';
  const body = prolog.replace(/^(<!doctype[^>]*>|<!--[\s\S]*?-->|\s+)*/, '');
  if (/^<svg[\s>]/.test(body)) return 'svg';
  if (/^<fictionbook[\s>]/.test(body)) return 'fb2';
  if (/^<opml[\s>]/.test(body)) return 'opml';
  if (/^<(book|article)[\s>]/.test(body) && (ext === 'dbk' || /docbook/.test(start))) return 'docbook';
  if (ext === 'ipynb' && /^\{[\s\S]*"cells"\s*:/.test(start)) return 'ipynb';
  for (const d of TAIL_DETECTORS) {
    const found = d.text?.(raw, start, ext);
    if (found) return found;
  }
  return TEXT_BY_EXT[ext] ?? 'txt';
}
