import type { ReactNode } from 'react';

/** A dashboard panel with a heading (h2) and optional actions on the right. */
export function Card({
  title,
  description,
  actions,
  children,
  testId,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const headingId = `${testId ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className={`flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/50 ${className ?? ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description && <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A page heading inside the dashboard. */
export function PageHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {description && <p className="max-w-2xl text-zinc-600 text-pretty dark:text-zinc-400">{description}</p>}
    </div>
  );
}
