import { FORMAT_ALIASES, formatInfo } from '@/lib/formats/catalog';
import type { FormatEntry, FormatFamily } from './types';

export const FAMILY_LABELS: Record<FormatFamily, string> = {
  image: 'Images',
  document: 'Documents',
  spreadsheet: 'Spreadsheets',
  presentation: 'Presentations',
  video: 'Video',
  audio: 'Audio',
  vector: 'Vector graphics',
  ebook: 'E-books',
  archive: 'Archives',
  font: 'Fonts',
  subtitle: 'Subtitles',
  data: 'Data',
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return '';
  const ext = fileName.slice(dot + 1).toLowerCase();
  return Object.hasOwn(FORMAT_ALIASES, ext) ? FORMAT_ALIASES[ext] : ext;
}

/** The likely source format judged by the file's extension (the server decides from the bytes). */
export function guessSource(fileName: string, formats: readonly FormatEntry[]): FormatEntry | undefined {
  const ext = extensionOf(fileName);
  return ext ? formats.find((f) => f.format === ext) : undefined;
}

/** Targets of the guessed source, or every known target when the extension is unknown. */
export function targetsFor(source: FormatEntry | undefined, formats: readonly FormatEntry[]): string[] {
  if (source) return source.targets;
  return [...new Set(formats.flatMap((f) => f.targets))].sort();
}

export function describeFormat(
  format: string,
  formats: readonly FormatEntry[],
): { family: FormatFamily | undefined; label: string } {
  const entry = formats.find((f) => f.format === format);
  if (entry) return { family: entry.family, label: entry.label };
  // Formats that are only targets (pdf) are not listed by GET /formats: the catalog knows them.
  const known = formatInfo(format);
  return known ? { family: known.family, label: known.label } : { family: undefined, label: format.toUpperCase() };
}

export function resultFileName(originalName: string, target: string): string {
  const dot = originalName.lastIndexOf('.');
  const base = dot > 0 ? originalName.slice(0, dot) : originalName || 'converted';
  return `${base}.${target}`;
}

export type PreviewKind = 'image' | 'pdf' | 'audio' | 'video';

/** Results a browser can show inline; their MIME types come from the catalog. */
const PREVIEW_KINDS: Record<string, PreviewKind> = {
  png: 'image',
  jpg: 'image',
  webp: 'image',
  avif: 'image',
  gif: 'image',
  pdf: 'pdf',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  flac: 'audio',
  m4a: 'audio',
  mp4: 'video',
  webm: 'video',
};

/** How the browser can show a result of this format inline, if at all. */
export function previewFor(target: string): { kind: PreviewKind; mime: string } | undefined {
  const kind = PREVIEW_KINDS[target];
  const info = formatInfo(target);
  return kind && info ? { kind, mime: info.mime } : undefined;
}
