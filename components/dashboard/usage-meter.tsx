/** Conversions used today against the daily allowance (null = unlimited). */
export function UsageMeter({ used, limit }: { used: number; limit: number | null }) {
  const number = new Intl.NumberFormat('en-US');
  if (limit === null) {
    return (
      <div className="flex flex-col gap-1" data-testid="usage-conversions" data-used={used} data-limit="unlimited">
        <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Conversions today</p>
        <p className="text-2xl font-semibold tabular-nums">
          {number.format(used)}{' '}
          <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">· no daily limit</span>
        </p>
      </div>
    );
  }
  const pct = limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  const tone =
    pct >= 100
      ? 'bg-red-600 dark:bg-red-400'
      : pct >= 80
        ? 'bg-amber-500 dark:bg-amber-400'
        : 'bg-brand-600 dark:bg-brand-400';
  const left = Math.max(0, limit - used);
  return (
    <div className="flex flex-col gap-2" data-testid="usage-conversions" data-used={used} data-limit={limit}>
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300" id="usage-conversions-label">
          Conversions today
        </p>
        <p className="text-sm tabular-nums text-zinc-600 dark:text-zinc-400">
          <span className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{number.format(used)}</span> of{' '}
          {number.format(limit)}
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="usage-conversions-label"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${number.format(used)} of ${number.format(limit)} conversions used today`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${pct}%` }} />
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {left === 0 ? 'Daily allowance used up.' : `${number.format(left)} left.`} The allowance renews at 00:00 UTC.
      </p>
    </div>
  );
}
