import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProfile } from '@/lib/accounts/current-account';
import { CONVERSION_STATUSES, isRetryable } from '@/lib/domain/conversion-status';
import { FORMATS } from '@/lib/formats/catalog';
import {
  loadConversions,
  loadUsageHistory,
  parseConversionFilter,
  type ConversionFilter,
} from '@/lib/dashboard/conversions-data';
import { Card, PageHeading } from '@/components/dashboard/card';
import { ConversionActions } from '@/components/dashboard/conversions/conversion-actions';
import { UsageChart } from '@/components/dashboard/conversions/usage-chart';
import { smallButton } from '@/components/dashboard/small-button';
import { formatBytes } from '@/components/ui/format-bytes';
import { KEPT_UNTIL_DELETED } from '@/lib/plans';

export const metadata: Metadata = { title: 'Conversions' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
const selectClass =
  'h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900';

function pageHref(filter: ConversionFilter, page: number) {
  const q = new URLSearchParams();
  if (filter.status) q.set('status', filter.status);
  if (filter.format) q.set('format', filter.format);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/dashboard/conversions?${s}` : '/dashboard/conversions';
}

export default async function ConversionsPage({ searchParams }: Props) {
  const profile = await requireProfile('/dashboard/conversions');
  const filter = parseConversionFilter(await searchParams);
  const [list, history] = await Promise.all([loadConversions(profile, filter), loadUsageHistory(profile)]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Conversions" description="Your files, newest first. Results are deleted when they expire." />
      <Card
        title="Usage"
        description="Conversions per day for the last 30 days against your daily allowance."
        testId="usage-card"
      >
        <UsageChart history={history} />
      </Card>
      <Card title="Your conversions" description={`${list.total} in all`} testId="conversions-card">
        <form method="get" className="flex flex-wrap items-end gap-3" data-testid="conversions-filter">
          <label className="flex flex-col gap-1 text-sm">
            Status
            <select name="status" defaultValue={filter.status ?? ''} className={selectClass}>
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
            <select name="format" defaultValue={filter.format ?? ''} className={selectClass}>
              <option value="">Any</option>
              {Object.keys(FORMATS).map((f) => (
                <option key={f} value={f}>
                  {f.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={smallButton.secondary}>
            Filter
          </button>
        </form>
        {list.items.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="conversions-empty">
            No conversions{filter.status || filter.format ? ' match this filter' : ' yet'}.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="conversions-table">
              <thead className="text-zinc-600 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    File
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Size
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Created
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Expires
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {list.items.map((c) => (
                  <tr key={c.id} data-testid="conversion-row">
                    <td className="max-w-56 py-2 pr-3">
                      <span className="block truncate font-medium" title={c.fileName}>
                        {c.fileName}
                      </span>
                      <span className="text-zinc-600 dark:text-zinc-400">
                        {c.from.toUpperCase()} → {c.to.toUpperCase()}
                      </span>
                    </td>
                    <td className="py-2 pr-3">{c.status}</td>
                    <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                      {formatBytes(c.inputSize)}
                      {c.resultSize !== null && ` → ${formatBytes(c.resultSize)}`}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{when(c.createdAt)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {Date.parse(c.expiresAt) >= KEPT_UNTIL_DELETED.getTime() ? 'Never' : when(c.expiresAt)}
                    </td>
                    <td className="py-2">
                      <ConversionActions
                        id={c.id}
                        fileName={c.fileName}
                        expiresAt={c.expiresAt}
                        completed={c.status === 'completed'}
                        retryable={isRetryable(c.status)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.pages > 1 && (
          <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
            {filter.page > 1 ? (
              <Link className={smallButton.secondary} href={pageHref(filter, filter.page - 1)} rel="prev">
                Newer
              </Link>
            ) : (
              <span />
            )}
            <span>
              Page {filter.page} of {list.pages}
            </span>
            {filter.page < list.pages ? (
              <Link className={smallButton.secondary} href={pageHref(filter, filter.page + 1)} rel="next">
                Older
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </Card>
    </div>
  );
}
