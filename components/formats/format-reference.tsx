'use client';

import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { FAMILY_LABELS } from '@/components/converter/format-utils';
import type { FormatFamily } from '@/components/converter/types';
import type { FormatReference } from '@/lib/engines/format-reference-data';
import { FormatFamilySection } from './format-family';
import { displayName } from './format-row';
import { searchFormats, type FormatMatch, type FormatResults } from './search-formats';
import { SearchSummary } from './search-summary';

/** Few enough formats found that each shows every target without a "Show all". */
const EXPAND_UP_TO = 5;

type FamilyGroup = { family: FormatFamily; matches: FormatMatch[] };

function byFamily(matches: readonly FormatMatch[], reference: FormatReference): FamilyGroup[] {
  const groups = new Map<FormatFamily, FormatMatch[]>();
  for (const m of matches) {
    const family = reference.terms[m.format as keyof FormatReference['terms']]?.family ?? 'data';
    groups.set(family, [...(groups.get(family) ?? []), m]);
  }
  return [...groups].map(([family, list]) => ({ family, matches: list }));
}

/** The address that shares this search: `/formats?q=heic`, or `/formats` for none. */
const searchHref = (query: string) => (query.trim() ? `/formats?q=${encodeURIComponent(query.trim())}` : '/formats');

/** The searchable reference of every format and what it converts to, each pair a link into the converter. */
export function FormatReferenceSearch({
  reference,
  initialQuery,
}: {
  reference: FormatReference;
  initialQuery: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  // The input answers each key at once; the list (hundreds of rows) follows when React has time.
  const searched = useDeferredValue(query);
  const results: FormatResults = useMemo(() => searchFormats(searched, reference), [searched, reference]);
  const groups = useMemo(() => byFamily(results.matches, reference), [results, reference]);
  const labelOf = (format: string) =>
    reference.terms[format as keyof FormatReference['terms']]?.label ?? displayName(format);
  const allTargets = results.query.kind === 'pair' || results.matches.length <= EXPAND_UP_TO;

  useEffect(() => {
    const href = searchHref(searched);
    // Next's router follows replaceState: the address can be shared without a request per key.
    if (href !== `${location.pathname}${location.search}`) window.history.replaceState(null, '', href);
  }, [searched]);

  return (
    <div className="flex flex-col gap-6">
      <form role="search" onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-2">
        <label htmlFor="format-search" className="text-sm font-medium">
          Search formats
        </label>
        <input
          id="format-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="heic, or heic to jpg"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-describedby="format-search-hint"
          data-testid="format-search"
          className="h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 text-base text-zinc-900 shadow-sm placeholder:text-zinc-500 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 focus-visible:outline-none sm:max-w-md dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400"
        />
        <p id="format-search-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
          A name, extension or kind of file (“heic”, “.docx”, “spreadsheet”), or a pair (“heic to jpg”, “mp4 → mp3”,
          “png2pdf”).
        </p>
      </form>

      <SearchSummary results={results} searched={searched} onClear={() => setQuery('')} />

      {results.query.kind === 'all' && (
        <nav aria-label="Families" className="-mx-4 -mt-2 sm:mx-0">
          {/* Phones: one row that scrolls sideways on its own, not five rows of pills above the list. */}
          <ul className="flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 text-sm whitespace-nowrap sm:flex-wrap sm:overflow-visible sm:px-0">
            {groups.map(({ family, matches }) => (
              <li key={family} className="snap-start">
                <a
                  href={`#family-${family}`}
                  className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-zinc-200 bg-white px-3 text-zinc-700 hover:border-brand-400 hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none pointer-coarse:min-h-11 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:text-brand-200"
                >
                  {FAMILY_LABELS[family]}
                  <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{matches.length}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className={`flex flex-col gap-6 transition-opacity ${query !== searched ? 'opacity-60' : ''}`}>
        {groups.map(({ family, matches }) => (
          <FormatFamilySection
            key={family}
            family={family}
            matches={matches}
            reference={reference}
            labelOf={labelOf}
            allTargets={allTargets}
          />
        ))}
      </div>
    </div>
  );
}
