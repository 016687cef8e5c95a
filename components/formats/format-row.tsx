'use client';

import Link from 'next/link';
import { useState } from 'react';
import { popularFirst } from '@/components/converter/popular-targets';
import type { FormatTerms } from '@/lib/engines/format-reference-data';

/** Targets shown before "Show all": the family's popular ones come first, so these are the likely picks. */
const TARGETS_SHOWN = 12;

export const displayName = (format: string) => format.toUpperCase();

/** The converter's address with this pair chosen. */
const converterHref = (from: string, to: string) => `/?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

type Props = {
  format: string;
  terms: FormatTerms | undefined;
  targets: readonly string[];
  labelOf: (format: string) => string;
  /** A search narrowed the targets, or found few formats: show them all at once. */
  expanded: boolean;
};

/** One source format: its names, and a link into the converter for each of its targets. */
export function FormatRow({ format, terms, targets: listed, labelOf, expanded }: Props) {
  const [showAll, setShowAll] = useState(false);
  // The converter's picker opens on the same popular targets.
  const targets = popularFirst(terms?.family, listed);
  const collapsed = !expanded && !showAll && targets.length > TARGETS_SHOWN;
  const shown = collapsed ? targets.slice(0, TARGETS_SHOWN) : targets;
  const listId = `targets-${format}`;
  const name = displayName(format);
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[11rem_1fr] sm:gap-4" data-testid="format-row" data-format={format}>
      <div className="flex min-w-0 flex-col gap-0.5">
        <h3 id={`format-${format}`} className="font-mono text-base font-semibold break-words">
          {name}
        </h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{terms?.label ?? name}</p>
        {terms && terms.extension !== format && (
          <p className="font-mono text-xs text-zinc-500 dark:text-zinc-400">.{terms.extension}</p>
        )}
      </div>
      <div className="flex min-w-0 flex-col items-start gap-2">
        <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
          Converts to {targets.length === 1 ? '1 format' : `${targets.length} formats`}
        </p>
        <ul id={listId} className="flex flex-wrap gap-1.5" aria-label={`${name} converts to`}>
          {shown.map((target) => (
            <li key={target}>
              <Link
                href={converterHref(format, target)}
                prefetch={false}
                title={`${terms?.label ?? name} to ${labelOf(target)}`}
                data-testid="format-target"
                className="inline-flex min-h-8 min-w-11 items-center justify-center rounded-md border border-zinc-200 bg-white px-2 font-mono text-xs font-medium text-zinc-700 transition-colors hover:border-brand-400 hover:bg-brand-50 hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none pointer-coarse:min-h-11 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-brand-500 dark:hover:bg-brand-950/60 dark:hover:text-brand-200"
              >
                <span className="sr-only">{name} to </span>
                {displayName(target)}
              </Link>
            </li>
          ))}
        </ul>
        {!expanded && targets.length > TARGETS_SHOWN && (
          <button
            type="button"
            aria-expanded={!collapsed}
            aria-controls={listId}
            onClick={() => setShowAll((v) => !v)}
            className="-mx-2 inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:min-h-8 pointer-coarse:min-h-11 dark:text-brand-300"
          >
            {collapsed ? `Show all ${targets.length} targets` : 'Show fewer'}
          </button>
        )}
      </div>
    </li>
  );
}
