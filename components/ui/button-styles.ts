const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 h-11 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-4 disabled:cursor-not-allowed disabled:opacity-50';

export const buttonStyles = {
  primary: `${base} bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:ring-brand-500/40 dark:bg-brand-500 dark:hover:bg-brand-400 dark:text-zinc-950`,
  secondary: `${base} border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 focus-visible:ring-brand-500/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800`,
  danger: `${base} border border-red-300 bg-white text-red-700 hover:bg-red-50 focus-visible:ring-red-500/30 dark:border-red-900 dark:bg-zinc-900 dark:text-red-300 dark:hover:bg-red-950/50`,
} as const;
