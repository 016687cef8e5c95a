'use client';

import { useState } from 'react';
import { FAMILY_LABELS } from '@/components/converter/format-utils';
import type { FormatFamily } from '@/components/converter/types';
import type { FormatReference } from '@/lib/engines/format-reference-data';
import { FormatRow } from './format-row';
import type { FormatMatch } from './search-formats';

/** Formats a family shows before "Show all": its most common ones, as the catalog lists them first. */
const FORMATS_SHOWN = 8;

type Props = {
  family: FormatFamily;
  matches: readonly FormatMatch[];
  reference: FormatReference;
  labelOf: (format: string) => string;
  /** Each row shows every target at once (a pair searched, or few formats found). */
  allTargets: boolean;
};

/** One family's formats found, its first few at once and the rest on demand: 300 rows would be 4,000 links. */
export function FormatFamilySection({ family, matches, reference, labelOf, allTargets }: Props) {
  const [showAll, setShowAll] = useState(false);
  const collapsed = !showAll && matches.length > FORMATS_SHOWN;
  const shown = collapsed ? matches.slice(0, FORMATS_SHOWN) : matches;
  const label = FAMILY_LABELS[family];
  const listId = `family-${family}-formats`;
  return (
    <section
      id={`family-${family}`}
      aria-labelledby={`family-${family}-heading`}
      data-testid="format-family"
      data-family={family}
      className="scroll-mt-20 rounded-2xl border border-zinc-200 bg-white px-4 pb-2 sm:px-5 dark:border-zinc-800 dark:bg-zinc-900/50"
    >
      <h2 id={`family-${family}-heading`} className="flex items-baseline gap-2 pt-4 text-lg font-semibold">
        {label}
        <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">
          {matches.length === 1 ? '1 format' : `${matches.length} formats`}
        </span>
      </h2>
      <ul id={listId} className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {shown.map((m) => (
          <FormatRow
            key={m.format}
            format={m.format}
            terms={reference.terms[m.format as keyof FormatReference['terms']]}
            targets={m.targets}
            labelOf={labelOf}
            expanded={allTargets}
          />
        ))}
      </ul>
      {matches.length > FORMATS_SHOWN && (
        <div className="border-t border-zinc-200 py-2 dark:border-zinc-800">
          <button
            type="button"
            aria-expanded={!collapsed}
            aria-controls={listId}
            onClick={() => setShowAll((v) => !v)}
            className="-mx-2 inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-300"
          >
            {collapsed ? `Show all ${matches.length} formats in ${label}` : `Show fewer formats in ${label}`}
          </button>
        </div>
      )}
    </section>
  );
}
