import type { ReactNode } from 'react';

// The admin console's tables: a table from `md`; below it each row is a card whose cells name
// their column, so nothing reaches past a phone's width and no row needs a sideways scroll.

export function AdminTable({
  label,
  columns,
  children,
  testId,
}: {
  label: string;
  columns: readonly string[];
  children: ReactNode;
  testId?: string;
}) {
  return (
    <table aria-label={label} data-testid={testId} className="w-full text-left text-sm max-md:block">
      <thead className="max-md:hidden">
        <tr className="border-b border-zinc-200 text-xs tracking-wide text-zinc-500 uppercase dark:border-zinc-800 dark:text-zinc-400">
          {columns.map((c) => (
            <th key={c} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap first:pl-0 last:pr-0">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:flex max-md:flex-col max-md:gap-3 md:divide-y md:divide-zinc-200 md:dark:divide-zinc-800">
        {children}
      </tbody>
    </table>
  );
}

export function AdminRow({
  children,
  testId,
  data,
}: {
  children: ReactNode;
  testId?: string;
  data?: Record<`data-${string}`, string>;
}) {
  return (
    <tr
      data-testid={testId}
      {...data}
      className="max-md:flex max-md:flex-col max-md:gap-2 max-md:rounded-xl max-md:border max-md:border-zinc-200 max-md:p-3 max-md:dark:border-zinc-800"
    >
      {children}
    </tr>
  );
}

/**
 * A cell; on phones a line of its card with its column's name on the left (`label`), or with
 * `primary` the card's heading line (what the row is: an address, a name), left-aligned and unlabelled.
 */
export function AdminCell({
  label,
  children,
  testId,
  primary = false,
  className = '',
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  primary?: boolean;
  className?: string;
}) {
  if (primary)
    return (
      <td
        data-testid={testId}
        className={`px-3 py-3 align-top first:pl-0 last:pr-0 max-md:block max-md:p-0 ${className}`}
      >
        {children}
      </td>
    );
  return (
    <td
      data-testid={testId}
      className={`px-3 py-3 align-top first:pl-0 last:pr-0 max-md:flex max-md:min-w-0 max-md:items-baseline max-md:justify-between max-md:gap-3 max-md:p-0 ${className}`}
    >
      <span className="shrink-0 text-xs font-medium text-zinc-500 md:hidden dark:text-zinc-400">{label}</span>
      <span className="min-w-0 max-md:text-right max-md:break-words">{children}</span>
    </td>
  );
}

/** What a list with nothing in it says. */
export function EmptyNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      data-testid={testId}
      className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400"
    >
      {children}
    </p>
  );
}
