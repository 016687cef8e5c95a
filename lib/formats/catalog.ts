import { ARCHIVE } from './archive';
import { AUDIO } from './audio';
import { DATA } from './data';
import { DOCUMENT } from './document';
import { EBOOK } from './ebook';
import { FONT } from './font';
import type { FormatRecord } from './format-record';
import { IMAGE } from './image';
import { PRESENTATION } from './presentation';
import { SPREADSHEET } from './spreadsheet';
import { SUBTITLE } from './subtitle';
import { VECTOR } from './vector';
import { VIDEO } from './video';

// The formats Transmute knows: short lowercase names used as `target_format` and
// `original_format`, one record each in its family's file. Which pairs convert is decided by the
// engines (lib/engines/registry.ts).

export { FORMAT_FAMILIES, type FormatFamily } from './format-record';

export type FormatInfo = FormatRecord;

// In the order of FORMAT_FAMILIES, which is also the order detection asks them in.
export const FORMATS = {
  ...IMAGE,
  ...VECTOR,
  ...DOCUMENT,
  ...EBOOK,
  ...SPREADSHEET,
  ...PRESENTATION,
  ...VIDEO,
  ...AUDIO,
  ...ARCHIVE,
  ...FONT,
  ...SUBTITLE,
  ...DATA,
} as const satisfies Record<string, FormatInfo>;

export type FormatName = keyof typeof FORMATS;

export const isFormatName = (v: string): v is FormatName => Object.hasOwn(FORMATS, v);

/** Every format with its record, in detection order. */
export const FORMAT_RECORDS = Object.entries(FORMATS) as [FormatName, FormatInfo][];

/** Other names accepted for a format in `target_format` (and shown nowhere else). */
export const FORMAT_ALIASES: Readonly<Record<string, FormatName>> = Object.fromEntries(
  FORMAT_RECORDS.flatMap(([name, info]) => (info.aliases ?? []).map((alias) => [alias, name])),
);

/** A format name or alias, trimmed and lower-cased, as the catalog's name (undefined if unknown). */
export function resolveFormatName(raw: string): FormatName | undefined {
  const v = raw.trim().toLowerCase().replace(/^\./, '');
  if (isFormatName(v)) return v;
  const alias = Object.hasOwn(FORMAT_ALIASES, v) ? FORMAT_ALIASES[v] : undefined;
  return alias && isFormatName(alias) ? alias : undefined;
}

export const formatInfo = (name: string): FormatInfo | undefined => (isFormatName(name) ? FORMATS[name] : undefined);
