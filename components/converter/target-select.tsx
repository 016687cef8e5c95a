'use client';

import { useId, type ReactNode } from 'react';
import { FAMILY_LABELS, describeFormat } from './format-utils';
import type { FormatEntry, FormatFamily } from './types';

type Props = {
  targets: readonly string[];
  value: string;
  formats: readonly FormatEntry[];
  /** Group options by family (used when every target is offered). */
  grouped: boolean;
  disabled?: boolean;
  onChange: (target: string) => void;
};

export function TargetSelect({ targets, value, formats, grouped, disabled, onChange }: Props) {
  const id = useId();
  const option = (t: string) => (
    <option key={t} value={t}>
      {t.toUpperCase()} — {describeFormat(t, formats).label}
    </option>
  );

  let options: ReactNode = targets.map(option);
  if (grouped) {
    const groups = new Map<FormatFamily | 'other', string[]>();
    for (const t of targets) {
      const family = describeFormat(t, formats).family ?? 'other';
      groups.set(family, [...(groups.get(family) ?? []), t]);
    }
    options = [...groups].map(([family, list]) => (
      <optgroup key={family} label={family === 'other' ? 'Other' : FAMILY_LABELS[family]}>
        {list.map(option)}
      </optgroup>
    ));
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        Convert to
      </label>
      <select
        id={id}
        data-testid="target-select"
        value={value}
        disabled={disabled || targets.length === 0}
        onChange={(e) => onChange(e.target.value)}
        className="h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 text-base shadow-sm focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/30 focus-visible:outline-none disabled:opacity-60 sm:min-w-64 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {value === '' && (
          <option value="" disabled>
            {targets.length ? 'Choose a format…' : 'No formats available'}
          </option>
        )}
        {options}
      </select>
    </div>
  );
}
