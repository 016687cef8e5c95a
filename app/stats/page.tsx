import type { Metadata } from 'next';
import { TextLink } from '@/components/account/text-link';
import { loadStats } from '@/lib/stats/stats-data';
import { formatBytes } from '@/components/ui/format-bytes';

export const metadata: Metadata = { title: 'Statistics', description: 'How much Transmute has converted.' };
// Read per request from the database (through a cache of up to a minute), never at build time.
export const dynamic = 'force-dynamic';

const number = new Intl.NumberFormat('en-US');

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/50">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="text-2xl font-semibold tracking-tight tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export default async function StatsPage() {
  const stats = await loadStats();
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Statistics</h1>
        <p className="max-w-2xl text-zinc-600 dark:text-zinc-400">
          Totals across everyone using this server, refreshed at most once a minute. The same figures are at{' '}
          <TextLink href="/api/v1/stats">/api/v1/stats</TextLink>.
        </p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Conversions" value={number.format(stats.conversions_total)} testId="stats-total" />
        <Figure label="In the last 24 hours" value={number.format(stats.conversions_last_24h)} testId="stats-24h" />
        <Figure label="Data processed" value={formatBytes(stats.files_processed_bytes)} testId="stats-bytes" />
        <Figure label="Formats" value={number.format(stats.formats_supported)} testId="stats-formats" />
      </dl>
      <section aria-labelledby="top-heading" className="flex flex-col gap-3">
        <h2 id="top-heading" className="text-lg font-semibold tracking-tight">
          Most frequent conversions (30 days)
        </h2>
        {stats.top_conversions.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No conversions yet.</p>
        ) : (
          <ol className="flex max-w-md flex-col gap-1 text-sm" data-testid="stats-top">
            {stats.top_conversions.map((p) => (
              <li
                key={`${p.from}-${p.to}`}
                className="flex justify-between gap-4 border-b border-zinc-200 py-1 dark:border-zinc-800"
              >
                <span>
                  {p.from.toUpperCase()} → {p.to.toUpperCase()}
                </span>
                <span className="tabular-nums">{number.format(p.count)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
