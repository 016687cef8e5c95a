// The data of the server-rendered /formats page: what GET /api/v1/formats lists, cut to what a
// reader searches and sees (names, labels, extensions, targets), in the catalog's order.
import 'server-only';

import { FORMAT_RECORDS, type FormatFamily, type FormatName } from '@/lib/formats/catalog';
import { listFormats } from './registry';
import { policyKey } from './format-policy';

/** What a search matches a format by, for every format that is a source or a target here. */
export type FormatTerms = { label: string; extension: string; aliases: readonly string[]; family: FormatFamily };

/** One source format and what it converts to, the targets in the catalog's order (common ones first). */
type SourceFormat = { format: FormatName; targets: FormatName[] };

export type FormatReference = { sources: SourceFormat[]; terms: Partial<Record<FormatName, FormatTerms>> };

let reference: { key: string; data: FormatReference } | undefined;

/** Built once per policy (./format-policy.ts): a format turned off is neither a source nor a target. */
export function loadFormatReference(): FormatReference {
  const key = policyKey();
  if (reference?.key !== key) reference = { key, data: buildReference() };
  return reference.data;
}

function buildReference(): FormatReference {
  // The catalog lists each family's formats most common first (png, jpg, webp…), and the
  // families in one order: the page keeps both, for sources and for each one's targets.
  const order = new Map(FORMAT_RECORDS.map(([name], index) => [name, index]));
  const rank = (name: FormatName) => order.get(name) ?? Number.MAX_SAFE_INTEGER;
  const byCatalog = (a: FormatName, b: FormatName) => rank(a) - rank(b);

  const listing = listFormats();
  const sources = listing
    .map((f) => ({ format: f.format, targets: [...f.targets].sort(byCatalog) }))
    .sort((a, b) => byCatalog(a.format, b.format));
  const named = new Set(listing.flatMap((f) => [f.format, ...f.targets]));
  const terms: FormatReference['terms'] = {};
  for (const [name, info] of FORMAT_RECORDS) {
    if (!named.has(name)) continue;
    terms[name] = { label: info.label, extension: info.extension, aliases: info.aliases ?? [], family: info.family };
  }
  return { sources, terms };
}
