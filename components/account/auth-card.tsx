import type { ReactNode } from 'react';

/** The frame of the sign-in, sign-up and mail-link pages. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6">
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
        {description && <p className="text-zinc-600 text-pretty dark:text-zinc-400">{description}</p>}
      </div>
      <div className="flex flex-col gap-5 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/50">
        {children}
      </div>
      {footer && (
        <div className="flex flex-col gap-2 text-center text-sm text-zinc-600 dark:text-zinc-400">{footer}</div>
      )}
    </div>
  );
}
