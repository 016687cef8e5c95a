import type { FormatEntry, FormatFamily } from './types';

/** Extensions that name a format differently from its short name. */
const EXTENSION_ALIASES: Record<string, string> = {
  jpeg: 'jpg',
  jpe: 'jpg',
  jfif: 'jpg',
  tif: 'tiff',
  heif: 'heic',
  htm: 'html',
  text: 'txt',
  oga: 'ogg',
  m4v: 'mp4',
};

/** Formats that are only ever targets, so GET /formats does not describe them. */
const TARGET_ONLY: Record<string, { family: FormatFamily; label: string }> = {
  pdf: { family: 'document', label: 'PDF document' },
};

export const FAMILY_LABELS: Record<FormatFamily, string> = {
  image: 'Images',
  document: 'Documents',
  spreadsheet: 'Spreadsheets',
  presentation: 'Presentations',
  video: 'Video',
  audio: 'Audio',
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return '';
  const ext = fileName.slice(dot + 1).toLowerCase();
  return EXTENSION_ALIASES[ext] ?? ext;
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

const PREFERRED_TARGETS = ['pdf', 'jpg', 'png', 'mp4', 'mp3', 'docx', 'xlsx', 'pptx'];

/** The target shown first: the user's last choice when it fits, else a common one. */
export function pickTarget(targets: readonly string[], chosen: string): string {
  if (chosen && targets.includes(chosen)) return chosen;
  return PREFERRED_TARGETS.find((t) => targets.includes(t)) ?? targets[0] ?? '';
}

export function describeFormat(format: string, formats: readonly FormatEntry[]): { family: FormatFamily | undefined; label: string } {
  const entry = formats.find((f) => f.format === format);
  if (entry) return { family: entry.family, label: entry.label };
  const known = TARGET_ONLY[format];
  return known ?? { family: undefined, label: format.toUpperCase() };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function resultFileName(originalName: string, target: string): string {
  const dot = originalName.lastIndexOf('.');
  const base = dot > 0 ? originalName.slice(0, dot) : originalName || 'converted';
  return `${base}.${target}`;
}

export type PreviewKind = 'image' | 'pdf' | 'audio' | 'video';

const PREVIEWS: Record<string, { kind: PreviewKind; mime: string }> = {
  png: { kind: 'image', mime: 'image/png' },
  jpg: { kind: 'image', mime: 'image/jpeg' },
  webp: { kind: 'image', mime: 'image/webp' },
  avif: { kind: 'image', mime: 'image/avif' },
  gif: { kind: 'image', mime: 'image/gif' },
  pdf: { kind: 'pdf', mime: 'application/pdf' },
  mp3: { kind: 'audio', mime: 'audio/mpeg' },
  wav: { kind: 'audio', mime: 'audio/wav' },
  ogg: { kind: 'audio', mime: 'audio/ogg' },
  flac: { kind: 'audio', mime: 'audio/flac' },
  m4a: { kind: 'audio', mime: 'audio/mp4' },
  mp4: { kind: 'video', mime: 'video/mp4' },
  webm: { kind: 'video', mime: 'video/webm' },
};

/** How the browser can show a result of this format inline, if at all. */
export const previewFor = (target: string) => PREVIEWS[target];
