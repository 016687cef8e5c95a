'use client';

import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { describeFormat } from './format-utils';
import { filterTargets, groupTargets } from './target-options';
import type { FormatEntry, FormatFamily } from './types';

type Props = {
  label: string;
  targets: readonly string[];
  value: string;
  formats: readonly FormatEntry[];
  /** The source's family: its popular targets come first. */
  family: FormatFamily | undefined;
  onChange: (target: string) => void;
  disabled?: boolean;
  /** Shown when no value is chosen (e.g. files of different targets). */
  placeholder?: string;
  /** Words after the label for screen readers only (which file this picker is for). */
  labelSuffix?: string;
  testId?: string;
  compact?: boolean;
};

const display = (format: string, formats: readonly FormatEntry[]) =>
  format ? `${format.toUpperCase()} — ${describeFormat(format, formats).label}` : '';

/**
 * The target picker: an editable combobox with a grouped listbox popup (WAI-ARIA APG "combobox
 * with listbox popup"). Typing filters; Up/Down/Home/End move, Enter picks, Escape closes or clears.
 */
export function TargetCombobox(props: Props) {
  const { label, targets, value, formats, family, onChange, disabled, placeholder, labelSuffix } = props;
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // What was typed since the picker opened; null shows the chosen value and every option.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const groups = useMemo(() => groupTargets(targets, formats, family), [targets, formats, family]);
  const shown = useMemo(() => filterTargets(groups, query ?? ''), [groups, query]);
  const flat = shown.flatMap((g) => g.options);
  const optionId = (format: string) => `${id}-opt-${format}`;
  const activeFormat = open ? flat[Math.min(active, flat.length - 1)]?.format : undefined;

  const openAt = (index: number) => {
    setOpen(true);
    setActive(Math.max(0, index));
    requestAnimationFrame(() => {
      // On a short screen the popup may open below the fold: bring it into view, then its active option.
      document.getElementById(listId)?.scrollIntoView({ block: 'nearest' });
      const format = flat[Math.max(0, index)]?.format;
      if (format) document.getElementById(optionId(format))?.scrollIntoView({ block: 'nearest' });
    });
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (format: string) => {
    onChange(format);
    close();
  };
  const move = (index: number) => {
    const next = Math.max(0, Math.min(flat.length - 1, index));
    setActive(next);
    const format = flat[next]?.format;
    if (format) document.getElementById(optionId(format))?.scrollIntoView({ block: 'nearest' });
  };
  const selectedIndex = () =>
    Math.max(
      0,
      flat.findIndex((o) => o.format === value),
    );

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openAt(selectedIndex());
        else move(active + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openAt(selectedIndex());
        else move(active - 1);
        break;
      case 'Home':
      case 'End':
        if (open) {
          e.preventDefault();
          move(e.key === 'Home' ? 0 : flat.length - 1);
        }
        break;
      case 'Enter':
        if (open && activeFormat) {
          e.preventDefault();
          choose(activeFormat);
        }
        break;
      case 'Escape':
        if (open || query !== null) {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  const height = props.compact ? 'h-11 text-sm' : 'h-11 text-base';
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
        {labelSuffix && <span className="sr-only"> {labelSuffix}</span>}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          data-testid={props.testId ?? 'target-select'}
          data-value={value}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeFormat ? optionId(activeFormat) : undefined}
          disabled={disabled || targets.length === 0}
          placeholder={targets.length ? (placeholder ?? 'Type a format, e.g. pdf') : 'No formats available'}
          value={query ?? display(value, formats)}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => (open ? close() : openAt(selectedIndex()))}
          onFocus={(e) => e.currentTarget.select()}
          onBlur={close}
          onKeyDown={onKeyDown}
          className={`${height} w-full min-w-0 rounded-lg border border-zinc-300 bg-white pr-10 pl-3 shadow-sm focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/30 focus-visible:outline-none disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900`}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-center text-zinc-500"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
          </svg>
        </span>
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!open}
          // Keeps focus in the input while the mouse picks (blur would close the popup first).
          onMouseDown={(e) => e.preventDefault()}
          className="absolute z-20 mt-1 max-h-72 w-full min-w-56 overflow-y-auto overscroll-contain rounded-lg border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {flat.length === 0 && (
            <p className="px-3 py-2 text-sm text-zinc-600 dark:text-zinc-400">No format matches “{query}”.</p>
          )}
          {shown.map((group) => (
            <div key={group.id} role="group" aria-labelledby={`${id}-g-${group.id}`}>
              <div
                id={`${id}-g-${group.id}`}
                role="presentation"
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400"
              >
                {group.label}
              </div>
              {group.options.map((o) => (
                <div
                  key={o.format}
                  id={optionId(o.format)}
                  role="option"
                  aria-selected={o.format === activeFormat}
                  data-format={o.format}
                  onClick={() => choose(o.format)}
                  onMouseMove={() => setActive(flat.indexOf(o))}
                  className={`flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm ${
                    o.format === activeFormat
                      ? 'bg-brand-100 text-brand-900 dark:bg-brand-900/60 dark:text-brand-50'
                      : ''
                  }`}
                >
                  <span className="w-14 shrink-0 font-mono font-semibold">{o.format.toUpperCase()}</span>
                  <span className="min-w-0 truncate text-zinc-700 dark:text-zinc-300">{o.label}</span>
                  {o.format === value && (
                    <span className="ml-auto text-brand-700 dark:text-brand-300">
                      <span aria-hidden="true">✓</span>
                      <span className="sr-only">(current)</span>
                    </span>
                  )}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
