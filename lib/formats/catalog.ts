// The formats Transmute knows: short lowercase names used as `target_format` and
// `original_format`. Which pairs convert is decided by the engines (lib/engines/registry.ts).

import { ARCHIVES, FONTS, MARKUP, MORE_IMAGES, MORE_MEDIA, VECTOR } from './catalog-breadth';
import { DATA_TAIL } from './catalog-data-tail';
import { EBOOK_TAIL } from './catalog-ebook-tail';
import { MEDIA_TAIL } from './catalog-media-tail';
import { OFFICE_TAIL } from './catalog-office-tail';
import { RASTER_TAIL } from './catalog-raster-tail';

export const FORMAT_FAMILIES = [
  'image',
  'vector',
  'document',
  'ebook',
  'spreadsheet',
  'presentation',
  'video',
  'audio',
  'archive',
  'font',
  'subtitle',
  'data',
] as const;
export type FormatFamily = (typeof FORMAT_FAMILIES)[number];

export type FormatInfo = { family: FormatFamily; mime: string; extension: string; label: string };

export const FORMATS = {
  // images
  png: { family: 'image', mime: 'image/png', extension: 'png', label: 'PNG image' },
  jpg: { family: 'image', mime: 'image/jpeg', extension: 'jpg', label: 'JPEG image' },
  webp: { family: 'image', mime: 'image/webp', extension: 'webp', label: 'WebP image' },
  avif: { family: 'image', mime: 'image/avif', extension: 'avif', label: 'AVIF image' },
  tiff: { family: 'image', mime: 'image/tiff', extension: 'tiff', label: 'TIFF image' },
  gif: { family: 'image', mime: 'image/gif', extension: 'gif', label: 'GIF image' },
  heic: { family: 'image', mime: 'image/heic', extension: 'heic', label: 'HEIC image' },
  bmp: { family: 'image', mime: 'image/bmp', extension: 'bmp', label: 'BMP image' },
  // documents
  pdf: { family: 'document', mime: 'application/pdf', extension: 'pdf', label: 'PDF document' },
  docx: {
    family: 'document',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    label: 'Word document',
  },
  doc: { family: 'document', mime: 'application/msword', extension: 'doc', label: 'Word 97-2003 document' },
  odt: {
    family: 'document',
    mime: 'application/vnd.oasis.opendocument.text',
    extension: 'odt',
    label: 'OpenDocument text',
  },
  rtf: { family: 'document', mime: 'application/rtf', extension: 'rtf', label: 'Rich Text' },
  txt: { family: 'document', mime: 'text/plain; charset=utf-8', extension: 'txt', label: 'Plain text' },
  html: { family: 'document', mime: 'text/html; charset=utf-8', extension: 'html', label: 'HTML page' },
  // spreadsheets
  xlsx: {
    family: 'spreadsheet',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    label: 'Excel workbook',
  },
  xls: { family: 'spreadsheet', mime: 'application/vnd.ms-excel', extension: 'xls', label: 'Excel 97-2003 workbook' },
  ods: {
    family: 'spreadsheet',
    mime: 'application/vnd.oasis.opendocument.spreadsheet',
    extension: 'ods',
    label: 'OpenDocument spreadsheet',
  },
  csv: { family: 'spreadsheet', mime: 'text/csv; charset=utf-8', extension: 'csv', label: 'CSV table' },
  // presentations
  pptx: {
    family: 'presentation',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
    label: 'PowerPoint presentation',
  },
  ppt: {
    family: 'presentation',
    mime: 'application/vnd.ms-powerpoint',
    extension: 'ppt',
    label: 'PowerPoint 97-2003 presentation',
  },
  odp: {
    family: 'presentation',
    mime: 'application/vnd.oasis.opendocument.presentation',
    extension: 'odp',
    label: 'OpenDocument presentation',
  },
  // video
  mp4: { family: 'video', mime: 'video/mp4', extension: 'mp4', label: 'MP4 video' },
  webm: { family: 'video', mime: 'video/webm', extension: 'webm', label: 'WebM video' },
  mkv: { family: 'video', mime: 'video/x-matroska', extension: 'mkv', label: 'Matroska video' },
  mov: { family: 'video', mime: 'video/quicktime', extension: 'mov', label: 'QuickTime video' },
  avi: { family: 'video', mime: 'video/x-msvideo', extension: 'avi', label: 'AVI video' },
  // audio
  mp3: { family: 'audio', mime: 'audio/mpeg', extension: 'mp3', label: 'MP3 audio' },
  wav: { family: 'audio', mime: 'audio/wav', extension: 'wav', label: 'WAV audio' },
  ogg: { family: 'audio', mime: 'audio/ogg', extension: 'ogg', label: 'Ogg Vorbis audio' },
  flac: { family: 'audio', mime: 'audio/flac', extension: 'flac', label: 'FLAC audio' },
  m4a: { family: 'audio', mime: 'audio/mp4', extension: 'm4a', label: 'M4A audio' },
  aac: { family: 'audio', mime: 'audio/aac', extension: 'aac', label: 'AAC audio' },
  ...MORE_IMAGES,
  ...MORE_MEDIA,
  ...VECTOR,
  ...MARKUP,
  ...ARCHIVES,
  ...FONTS,
  ...RASTER_TAIL,
  ...MEDIA_TAIL,
  ...OFFICE_TAIL,
  ...DATA_TAIL,
  ...EBOOK_TAIL,
} as const satisfies Record<string, FormatInfo>;

export type FormatName = keyof typeof FORMATS;

export const isFormatName = (v: string): v is FormatName => Object.hasOwn(FORMATS, v);

/** Other names accepted for a format in `target_format` (and shown nowhere else). */
export const FORMAT_ALIASES: Readonly<Record<string, FormatName>> = {
  jpeg: 'jpg',
  jpe: 'jpg',
  jfif: 'jpg',
  tif: 'tiff',
  htm: 'html',
  mpg: 'mpeg',
  aif: 'aiff',
  m2ts: 'ts',
  mts: 'ts',
  snd: 'au',
  xhtml: 'html',
  markdown: 'md',
  text: 'txt',
  asciidoc: 'adoc',
  latex: 'tex',
  wiki: 'mediawiki',
  dbk: 'docbook',
  heif: 'heic',
  oga: 'ogg',
  'tar.gz': 'tgz',
  'tar.bz2': 'tbz2',
  'tar.xz': 'txz',
  'tar.zst': 'tzst',
  gzip: 'gz',
  zstd: 'zst',
  yml: 'yaml',
  jsonl: 'ndjson',
  bib: 'bibtex',
  xfig: 'fig',
  pnm: 'ppm',
  icon: 'ico',
  j2c: 'j2k',
  jpf: 'jp2',
  texi: 'texinfo',
  mkd: 'md',
  midi: 'mid',
  kar: 'mid',
  webvtt: 'vtt',
  subrip: 'srt',
  sami: 'smi',
  dfxp: 'ttml',
  mpl: 'mpl2',
  thd: 'truehd',
  rmvb: 'rm',
  '264': 'h264',
  avc: 'h264',
  '265': 'hevc',
  h265: 'hevc',
  mpv: 'm2v',
  azw: 'mobi',
  prc: 'mobi',
  djv: 'djvu',
};

/** A format name or alias, trimmed and lower-cased, as the catalog's name (undefined if unknown). */
export function resolveFormatName(raw: string): FormatName | undefined {
  const v = raw.trim().toLowerCase().replace(/^\./, '');
  if (isFormatName(v)) return v;
  const alias = Object.hasOwn(FORMAT_ALIASES, v) ? FORMAT_ALIASES[v] : undefined;
  return alias && isFormatName(alias) ? alias : undefined;
}

export const formatInfo = (name: string): FormatInfo | undefined => (isFormatName(name) ? FORMATS[name] : undefined);
