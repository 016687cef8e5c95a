import { FAMILY_LABELS, describeFormat } from './format-utils';
import { popularTargetsOf } from './popular-targets';
import type { FormatEntry, FormatFamily } from './types';

type TargetOption = { format: string; label: string };
export type TargetGroup = { id: string; label: string; options: TargetOption[] };

const FAMILY_ORDER = Object.keys(FAMILY_LABELS) as FormatFamily[];

/** The picker's groups: the source family's popular targets first, then the rest by family. */
export function groupTargets(
  targets: readonly string[],
  formats: readonly FormatEntry[],
  family: FormatFamily | undefined,
): TargetGroup[] {
  const option = (format: string): TargetOption => ({ format, label: describeFormat(format, formats).label });
  const popular = popularTargetsOf(family, targets);
  const groups: TargetGroup[] = popular.length
    ? [{ id: 'popular', label: 'Popular', options: popular.map(option) }]
    : [];
  const byFamily = new Map<string, string[]>();
  for (const t of [...targets].sort()) {
    if (popular.includes(t)) continue;
    const f = describeFormat(t, formats).family ?? 'other';
    byFamily.set(f, [...(byFamily.get(f) ?? []), t]);
  }
  // The source's own family first among the rest: its other formats are the likelier ones.
  const order = [...(family ? [family] : []), ...FAMILY_ORDER.filter((f) => f !== family), 'other'];
  for (const f of order) {
    const list = byFamily.get(f);
    if (list)
      groups.push({
        id: f,
        label: f === 'other' ? 'Other' : FAMILY_LABELS[f as FormatFamily],
        options: list.map(option),
      });
  }
  return groups;
}

const normalise = (text: string) => text.trim().toLowerCase().replace(/^\./, '');

/**
 * The groups filtered by what was typed: formats whose id starts with it first (in their group
 * order), then those with a word of their label starting with it. Empty text keeps everything.
 */
export function filterTargets(groups: readonly TargetGroup[], text: string): TargetGroup[] {
  const query = normalise(text);
  if (!query) return [...groups];
  const byId = (o: TargetOption) => o.format.startsWith(query);
  const byWord = (o: TargetOption) =>
    !byId(o) &&
    o.label
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .some((word) => word.startsWith(query));
  const seen = new Set<string>();
  const pick = (test: (o: TargetOption) => boolean, suffix: string) =>
    groups
      .map((g) => ({
        ...g,
        id: `${g.id}${suffix}`,
        options: g.options.filter((o) => test(o) && !seen.has(o.format) && (seen.add(o.format), true)),
      }))
      .filter((g) => g.options.length > 0);
  const first = pick(byId, '');
  const then = pick(byWord, '-word');
  return [
    ...first,
    ...(then.length ? [{ id: 'word', label: 'Also matching', options: then.flatMap((g) => g.options) }] : []),
  ];
}
