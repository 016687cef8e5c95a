const COLORS: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800 ring-sky-200 dark:bg-sky-950/60 dark:text-sky-300 dark:ring-sky-900',
  post: 'bg-emerald-100 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-300 dark:ring-emerald-900',
  put: 'bg-amber-100 text-amber-800 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-300 dark:ring-amber-900',
  patch:
    'bg-violet-100 text-violet-800 ring-violet-200 dark:bg-violet-950/60 dark:text-violet-300 dark:ring-violet-900',
  delete: 'bg-red-100 text-red-800 ring-red-200 dark:bg-red-950/60 dark:text-red-300 dark:ring-red-900',
};

export function MethodBadge({ method, compact = false }: { method: string; compact?: boolean }) {
  return (
    <span
      className={`inline-flex shrink-0 justify-center rounded-md font-mono font-bold uppercase ring-1 ring-inset ${
        compact ? 'w-12 px-1 py-0.5 text-[0.65rem]' : 'min-w-16 px-2 py-1 text-xs'
      } ${COLORS[method] ?? 'bg-zinc-100 text-zinc-800 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-700'}`}
      data-testid="method"
    >
      {method}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const tone = status.startsWith('2')
    ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300'
    : status.startsWith('3')
      ? 'bg-sky-100 text-sky-800 dark:bg-sky-950/60 dark:text-sky-300'
      : status.startsWith('4')
        ? 'bg-amber-100 text-amber-800 dark:bg-amber-950/60 dark:text-amber-300'
        : 'bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-300';
  return (
    <span
      className={`inline-flex w-12 shrink-0 justify-center rounded-md px-1.5 py-0.5 font-mono text-xs font-semibold ${tone}`}
    >
      {status}
    </span>
  );
}
