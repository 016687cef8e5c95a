type Props = {
  label: string;
  value: number;
  testId: string;
  /** Waiting with no measurable progress yet: animate instead of sitting at 0. */
  indeterminate?: boolean;
  tone?: 'brand' | 'success' | 'danger' | 'muted';
};

const TONES = {
  brand: 'bg-brand-600 dark:bg-brand-400',
  success: 'bg-emerald-600 dark:bg-emerald-400',
  danger: 'bg-red-600 dark:bg-red-400',
  muted: 'bg-zinc-400 dark:bg-zinc-500',
};

export function ProgressBar({ label, value, testId, indeterminate = false, tone = 'brand' }: Props) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-zinc-700 dark:text-zinc-300">{label}</span>
        <span className="font-mono text-xs tabular-nums text-zinc-500 dark:text-zinc-400" aria-hidden="true">
          {pct} %
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct} %`}
        aria-busy={indeterminate || undefined}
        data-testid={testId}
        className="h-2.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ease-out ${TONES[tone]} ${indeterminate ? 'animate-pulse' : ''}`}
          style={{ width: `${indeterminate ? Math.max(pct, 8) : pct}%` }}
        />
      </div>
    </div>
  );
}
