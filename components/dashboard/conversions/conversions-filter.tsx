import Link from 'next/link';
import type { ConversionFilter } from '@/lib/conversions/list-conversions';
import { CONVERSION_STATUSES } from '@/lib/domain/conversion-status';
import { FORMATS } from '@/lib/formats/catalog';
import { smallButton } from '../small-button';

const fieldClass =
  'h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:[color-scheme:dark]';

/** The list's address for this filter and page (the filter lives in the query, so it can be bookmarked). */
export function conversionsHref(filter: ConversionFilter, page = 1) {
  const q = new URLSearchParams();
  if (filter.status) q.set('status', filter.status);
  if (filter.format) q.set('format', filter.format);
  if (filter.from) q.set('from', filter.from);
  if (filter.to) q.set('to', filter.to);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/dashboard/conversions?${s}` : '/dashboard/conversions';
}

export const isFiltered = (filter: ConversionFilter) =>
  Boolean(filter.status || filter.format || filter.from || filter.to);

/** Status, format and creation days (UTC), sent as a plain GET form: works without script. */
export function ConversionsFilter({ filter }: { filter: ConversionFilter }) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3" data-testid="conversions-filter">
      <label className="flex flex-col gap-1 text-sm">
        Status
        <select name="status" defaultValue={filter.status ?? ''} className={fieldClass}>
          <option value="">Any</option>
          {CONVERSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Format
        <select name="format" defaultValue={filter.format ?? ''} className={fieldClass}>
          <option value="">Any</option>
          {Object.keys(FORMATS).map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Created from (UTC)
        <input
          type="date"
          name="from"
          defaultValue={filter.from ?? ''}
          className={fieldClass}
          data-testid="filter-from"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Created until (UTC)
        <input type="date" name="to" defaultValue={filter.to ?? ''} className={fieldClass} data-testid="filter-to" />
      </label>
      <button type="submit" className={smallButton.secondary} data-testid="filter-submit">
        Filter
      </button>
      {isFiltered(filter) && (
        <Link href="/dashboard/conversions" className={smallButton.secondary} data-testid="filter-clear">
          Clear filter
        </Link>
      )}
    </form>
  );
}
