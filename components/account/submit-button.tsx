import type { ReactNode } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';

/** A form's main button: shows a spinner and stays disabled while the request runs. */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  testId,
  className,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel: string;
  testId?: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending}
      data-testid={testId}
      className={`${buttonStyles.primary} ${className ?? 'w-full'}`}
    >
      {pending && <Spinner />}
      {pending ? pendingLabel : children}
    </button>
  );
}

export function Spinner() {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
