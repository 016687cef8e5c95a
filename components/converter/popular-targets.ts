import type { FormatFamily } from './types';

// The targets people pick most for a file of each family, most common first: the picker shows
// them first and a file's default target is the first of them that is not its own format.

export const POPULAR_TARGETS: Record<FormatFamily, readonly string[]> = {
  image: ['jpg', 'png', 'webp', 'pdf', 'avif', 'gif'],
  vector: ['svg', 'pdf', 'png', 'jpg', 'eps'],
  document: ['pdf', 'docx', 'odt', 'txt', 'html', 'md'],
  ebook: ['epub', 'pdf', 'mobi', 'azw3', 'txt'],
  spreadsheet: ['xlsx', 'csv', 'pdf', 'ods', 'html'],
  presentation: ['pdf', 'pptx', 'odp', 'png', 'jpg'],
  video: ['mp4', 'webm', 'gif', 'mov', 'mkv', 'mp3'],
  audio: ['mp3', 'wav', 'm4a', 'ogg', 'flac', 'aac'],
  archive: ['zip', '7z', 'tgz', 'tar'],
  font: ['woff2', 'ttf', 'woff', 'otf'],
  subtitle: ['srt', 'vtt', 'ass'],
  data: ['json', 'csv', 'yaml', 'xml', 'toml'],
};

/** The popular targets of a family that this source can go to, in popularity order. */
export function popularTargetsOf(family: FormatFamily | undefined, targets: readonly string[]): string[] {
  if (!family) return [];
  return POPULAR_TARGETS[family].filter((t) => targets.includes(t));
}

/** `targets` with the family's popular ones first (in popularity order), the rest as given. */
export function popularFirst(family: FormatFamily | undefined, targets: readonly string[]): string[] {
  const popular = popularTargetsOf(family, targets);
  return [...popular, ...targets.filter((t) => !popular.includes(t))];
}

/** The likeliest targets when the source is unknown (a URL, a cloud file, an unknown extension). */
const ANY_SOURCE_TARGETS = ['pdf', 'jpg', 'png', 'mp4', 'mp3', 'docx', 'xlsx', 'pptx'];

/**
 * The target a file gets as soon as it is added: its family's most common target that is not its
 * own format and that it can go to; else its first target; '' when it has none.
 */
export function defaultTarget(
  source: { format: string; family: FormatFamily } | undefined,
  targets: readonly string[],
) {
  const popular = source ? POPULAR_TARGETS[source.family].filter((t) => t !== source.format) : ANY_SOURCE_TARGETS;
  return popular.find((t) => targets.includes(t)) ?? targets.find((t) => t !== source?.format) ?? targets[0] ?? '';
}

/** A pair asked for in the page's address (`/?from=heic&to=jpg`); either side may be missing. */
export type ChosenPair = { from?: string; to?: string };

/** The file's target before any choice: the asked-for pair's when the file matches it, else the default. */
export function preferredTarget(
  source: { format: string; family: FormatFamily } | undefined,
  targets: readonly string[],
  pair: ChosenPair = {},
) {
  if (pair.to && targets.includes(pair.to) && (!pair.from || source?.format === pair.from)) return pair.to;
  return defaultTarget(source, targets);
}
