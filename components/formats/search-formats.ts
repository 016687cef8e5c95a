import { FAMILY_LABELS } from '@/components/converter/format-utils';
import type { FormatFamily } from '@/components/converter/types';
import type { FormatReference, FormatTerms } from '@/lib/engines/format-reference-data';

// The /formats search: one word finds formats by name, extension or label ("heic", "jpeg 2000");
// two names joined by "to", "→", "->" or "2" find the pairs ("heic to jpg", "heic→jpg", "heic2jpg").

export type FormatQuery =
  | { kind: 'all' }
  | { kind: 'word'; term: string }
  /** `to` may be empty while it is still being typed ("heic to "): every target then. */
  | { kind: 'pair'; from: string; to: string };

/** One source in the results, with the targets that match (all of them unless the query names one). */
export type FormatMatch = { format: string; targets: string[] };

export type FormatResults = { matches: FormatMatch[]; pairCount: number; query: FormatQuery };

const normalise = (raw: string) => raw.trim().toLowerCase().replace(/\s+/g, ' ');
const bareName = (term: string) => term.replace(/^\./, '');

/**
 * How well `term` names a format: 3 its name, extension or alias exactly; 2 the start of one, or
 * its family ("video", "spreadsheets"); 1 a word of its label begins with it.
 */
function matchScore(term: string, format: string, terms: FormatTerms | undefined): number {
  const word = bareName(term);
  if (word === '') return 0;
  const names = [format, terms?.extension.toLowerCase() ?? '', ...(terms?.aliases ?? [])];
  if (names.includes(word)) return 3;
  if (names.some((n) => n.startsWith(word)) || (terms && isFamily(word, terms.family))) return 2;
  const label = terms?.label.toLowerCase() ?? '';
  return label.startsWith(word) || label.includes(` ${word}`) || label.includes(`(${word}`) ? 1 : 0;
}

/** The family named whole: its id, plural or label ("image", "images", "vector graphics", "e-books"). */
function isFamily(word: string, family: FormatFamily): boolean {
  const label = FAMILY_LABELS[family].toLowerCase();
  return [family, `${family}s`, label, ...label.split(' ')].includes(word);
}

function isKnownName(term: string, reference: FormatReference): boolean {
  return Object.entries(reference.terms).some(([format, terms]) => matchScore(term, format, terms) === 3);
}

export function parseFormatQuery(raw: string, reference: FormatReference): FormatQuery {
  const q = normalise(raw);
  if (q === '') return { kind: 'all' };
  const arrow = /^(.*?)\s*(?:→|->|=>)\s*(.*)$/.exec(q) ?? /^(?:(.+?) )?(?:to|into)(?: (.*))?$/.exec(q);
  if (arrow) return { kind: 'pair', from: arrow[1] ?? '', to: arrow[2] ?? '' };
  // "heic2jpg", but not a name with a 2 of its own (jp2, m2v, mp2): each split whose two sides are names.
  if (!q.includes(' ') && q.includes('2') && !isKnownName(q, reference)) {
    for (let i = q.indexOf('2'); i > 0 && i < q.length - 1; i = q.indexOf('2', i + 1)) {
      const [from, to] = [q.slice(0, i), q.slice(i + 1)];
      if (isKnownName(from, reference) && isKnownName(to, reference)) return { kind: 'pair', from, to };
    }
  }
  return { kind: 'word', term: q };
}

/**
 * The items a term names, best named first (its score), then in the catalog's order, which the
 * reference already has. When some are named by their names, those alone: "doc" is DOC and DOCX,
 * not every document whose family its letters begin.
 */
function ranked<T>(items: readonly T[], score: (item: T) => number): T[] {
  const scored = items.map((item, index) => ({ item, index, score: score(item) })).filter((s) => s.score > 0);
  const byName = scored.some((s) => s.score >= 2);
  return scored
    .filter((s) => !byName || s.score >= 2)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.item);
}

function pairs(reference: FormatReference, from: string, to: string): FormatMatch[] {
  const scoreOf = (term: string, format: string) =>
    term === '' ? 1 : matchScore(term, format, reference.terms[format as keyof FormatReference['terms']]);
  return ranked(reference.sources, (s) => scoreOf(from, s.format))
    .map((s) => ({ format: s.format, targets: ranked(s.targets, (t) => scoreOf(to, t)) }))
    .filter((m) => m.targets.length > 0);
}

export function searchFormats(raw: string, reference: FormatReference): FormatResults {
  const query = parseFormatQuery(raw, reference);
  let matches: FormatMatch[];
  if (query.kind === 'all') matches = reference.sources;
  else if (query.kind === 'pair') matches = pairs(reference, query.from, query.to);
  else {
    const terms = (format: string) => reference.terms[format as keyof FormatReference['terms']];
    matches = ranked(reference.sources, (s) => matchScore(query.term, s.format, terms(s.format)));
    // A format that is only ever a target (AsciiDoc): what converts into it.
    if (matches.length === 0) matches = pairs(reference, '', query.term);
  }
  return { matches, pairCount: matches.reduce((n, m) => n + m.targets.length, 0), query };
}
