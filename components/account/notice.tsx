import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<Tone, { box: string; icon: string; path: string }> = {
  error: {
    box: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100',
    icon: 'text-red-600 dark:text-red-400',
    path: 'M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900/60 dark:bg-emerald-950/30 dark:text-emerald-100',
    icon: 'text-emerald-600 dark:text-emerald-400',
    path: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z',
  },
  info: {
    box: 'border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800/60 dark:bg-brand-900/30 dark:text-brand-100',
    icon: 'text-brand-600 dark:text-brand-300',
    path: 'M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z',
  },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/30 dark:text-amber-100',
    icon: 'text-amber-600 dark:text-amber-400',
    path: 'M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  },
};

type Props = {
  tone: Tone;
  title?: ReactNode;
  children?: ReactNode;
  testId?: string;
  /** `alert` for errors that appear after an action, `status` for confirmations; none for static notes. */
  role?: 'alert' | 'status';
  code?: string;
};

/** A message box: errors (role="alert"), confirmations, notes and warnings. */
export function Notice({ tone, title, children, testId, role, code }: Props) {
  const t = TONES[tone];
  return (
    <div
      role={role}
      data-testid={testId}
      data-code={code}
      className={`flex items-start gap-3 rounded-xl border p-4 text-sm ${t.box}`}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${t.icon}`}>
        <path fillRule="evenodd" d={t.path} clipRule="evenodd" />
      </svg>
      <div className="flex min-w-0 flex-1 flex-col gap-1 break-words">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="flex flex-col gap-2">{children}</div>}
      </div>
    </div>
  );
}
