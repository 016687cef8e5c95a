/** Labels and inputs of the tool options (same look as the converter's target select). */
export const fieldStyles = {
  label: 'text-sm font-medium text-zinc-800 dark:text-zinc-200',
  input:
    'h-11 rounded-lg border border-zinc-300 bg-white px-3 text-sm shadow-sm focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/30 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900',
} as const;
