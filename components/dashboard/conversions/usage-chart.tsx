import type { UsageHistory } from '@/lib/conversions/list-conversions';

/** Conversions per day for 30 days as bars, the daily allowance as a line; a table says the same for screen readers. */
export function UsageChart({ history }: { history: UsageHistory }) {
  const { days, allowance } = history;
  const peak = Math.max(1, ...days.map((d) => d.count));
  const top = allowance === null ? peak : Math.max(peak, allowance);
  const total = days.reduce((sum, d) => sum + d.count, 0);
  // The last day is today (UTC): what is left of its allowance.
  const today = days.at(-1)?.count ?? 0;
  const left = allowance === null ? null : Math.max(0, allowance - today);
  return (
    <figure className="flex flex-col gap-3" data-testid="usage-chart">
      <div className="relative flex h-32 items-end gap-[2px]" aria-hidden="true">
        {allowance !== null && (
          <div
            className="absolute inset-x-0 border-t border-dashed border-amber-600 dark:border-amber-400"
            style={{ bottom: `${(allowance / top) * 100}%` }}
          />
        )}
        {days.map((d) => (
          <div
            key={d.day}
            title={`${d.day}: ${d.count}`}
            className="flex-1 rounded-t-sm bg-brand-600 dark:bg-brand-400"
            style={{ height: `${Math.max((d.count / top) * 100, d.count > 0 ? 2 : 0)}%` }}
          />
        ))}
      </div>
      <p className="text-sm font-medium" data-testid="usage-today" data-left={left ?? 'unlimited'}>
        Today (UTC): {today} conversion{today === 1 ? '' : 's'}
        {left === null ? ', no daily limit.' : `, ${left} of ${allowance} left (renews at 00:00 UTC).`}
      </p>
      <figcaption className="text-sm text-zinc-600 dark:text-zinc-400">
        {total} conversion{total === 1 ? '' : 's'} in the last 30 days
        {history.shared ? ' by your team' : ''}; daily allowance{' '}
        {allowance === null ? 'unlimited' : `${allowance} (dashed line)`}.
      </figcaption>
      <table className="sr-only">
        <caption>Conversions per day</caption>
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            <th scope="col">Conversions</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
