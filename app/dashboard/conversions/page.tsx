import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProfile } from '@/lib/accounts/current-account';
import { isRetryable } from '@/lib/domain/conversion-status';
import { loadConversions, loadUsageHistory, parseConversionFilter } from '@/lib/dashboard/conversions-data';
import { Card, PageHeading } from '@/components/dashboard/card';
import { ConversionsFilter, conversionsHref, isFiltered } from '@/components/dashboard/conversions/conversions-filter';
import { type ConversionRow, ConversionsTable } from '@/components/dashboard/conversions/conversions-table';
import { UsageChart } from '@/components/dashboard/conversions/usage-chart';
import { smallButton } from '@/components/dashboard/small-button';
import { formatDateTime } from '@/components/ui/format-date';
import { KEPT_UNTIL_DELETED } from '@/lib/plans';

export const metadata: Metadata = { title: 'Conversions' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

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
        <ConversionsFilter filter={filter} />
        {list.items.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="conversions-empty">
            No conversions{isFiltered(filter) ? ' match this filter' : ' yet'}.
          </p>
        ) : (
          <ConversionsTable
            rows={list.items.map((c): ConversionRow => ({
              ...c,
              created: formatDateTime(c.createdAt),
              expires: Date.parse(c.expiresAt) >= KEPT_UNTIL_DELETED.getTime() ? 'Never' : formatDateTime(c.expiresAt),
              completed: c.status === 'completed',
              retryable: isRetryable(c.status),
            }))}
          />
        )}
        {list.pages > 1 && (
          <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
            {filter.page > 1 ? (
              <Link className={smallButton.secondary} href={conversionsHref(filter, filter.page - 1)} rel="prev">
                Newer
              </Link>
            ) : (
              <span />
            )}
            <span>
              Page {filter.page} of {list.pages}
            </span>
            {filter.page < list.pages ? (
              <Link className={smallButton.secondary} href={conversionsHref(filter, filter.page + 1)} rel="next">
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
