'use client';

import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  name: string;
  hint?: ReactNode;
  /** A message about this field; marks it invalid. */
  error?: string;
  /** Adds a show / hide button (passwords). */
  revealable?: boolean;
};

const inputClass =
  'h-11 w-full rounded-lg border bg-white px-3 text-base shadow-sm placeholder:text-zinc-400 focus-visible:ring-4 focus-visible:outline-none disabled:opacity-60 dark:bg-zinc-900 dark:placeholder:text-zinc-500';

export function TextField({ label, name, hint, error, revealable, type = 'text', ...input }: Props) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const tone = error
    ? 'border-red-400 focus-visible:border-red-500 focus-visible:ring-red-500/30 dark:border-red-700'
    : 'border-zinc-300 focus-visible:border-brand-500 focus-visible:ring-brand-500/30 dark:border-zinc-700';

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${tone} ${revealable ? 'pr-20' : ''}`}
          {...input}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setRevealed((r) => !r)}
            aria-pressed={revealed}
            aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            className="absolute inset-y-1.5 right-1.5 rounded-md px-2.5 text-xs font-semibold text-zinc-600 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid={`${name}-error`}>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-sm text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
