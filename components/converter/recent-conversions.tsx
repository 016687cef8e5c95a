import type { GuestConversion } from '@/lib/conversions/list-conversions';
import { formatDateTime } from '@/components/ui/format-date';

/** A visitor's recent conversions (server-rendered from their guest cookie), with downloads for the finished ones. */
export function RecentConversions({ items }: { items: GuestConversion[] }) {
  if (items.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="recent-heading" data-testid="recent-conversions">
      <h2 id="recent-heading" className="text-xl font-semibold tracking-tight">
        Your recent conversions
      </h2>
      <ul className="flex flex-col divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/50">
        {items.map((c) => (
          <li
            key={c.id}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-2"
            data-testid="recent-conversion"
          >
            <span className="min-w-0">
              <span className="font-medium break-all">{c.fileName}</span>
              <span className="text-zinc-600 dark:text-zinc-400">
                {' '}
                → {c.to.toUpperCase()} · {c.status} · expires {formatDateTime(c.expiresAt)}
              </span>
            </span>
            {c.status === 'completed' && (
              <a
                href={`/api/v1/convert/download/${c.id}`}
                className="rounded font-medium text-brand-700 underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-300"
              >
                Download<span className="sr-only"> {c.fileName}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
