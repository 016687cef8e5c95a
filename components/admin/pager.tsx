import Link from 'next/link';
import { smallButton } from '@/components/dashboard/small-button';

/** Previous and next page links of a paged list (50 a page), keeping the other query parameters. */
export function Pager({
  path,
  page,
  pages,
  total,
  params = {},
  noun,
}: {
  path: string;
  page: number;
  pages: number;
  total: number;
  params?: Record<string, string | undefined>;
  noun: string;
}) {
  const href = (p: number) => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
    if (p > 1) query.set('page', String(p));
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-600 dark:text-zinc-400">
      <p data-testid="pager-total">
        {total} {noun}
        {pages > 1 && ` · page ${page} of ${pages}`}
      </p>
      {pages > 1 && (
        <div className="flex gap-2">
          {page > 1 && (
            <Link href={href(page - 1)} className={smallButton.secondary} rel="prev">
              Previous
            </Link>
          )}
          {page < pages && (
            <Link href={href(page + 1)} className={smallButton.secondary} rel="next">
              Next
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
