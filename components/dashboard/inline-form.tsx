import type { FormEvent, ReactNode } from 'react';
import { Notice } from '@/components/account/notice';
import { SubmitButton } from '@/components/account/submit-button';

type Props = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  testId: string;
  /** The form's error, shown above the field. */
  error?: string;
  errorTitle: string;
  errorTestId: string;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  submitTestId: string;
  /** The field (a TextField). */
  children: ReactNode;
};

/** A dashboard form of one field and its button side by side (create a key, create a team, invite). */
export function InlineForm(p: Props) {
  return (
    <form noValidate onSubmit={p.onSubmit} className="flex flex-col gap-3" data-testid={p.testId}>
      {p.error && (
        <Notice tone="error" role="alert" testId={p.errorTestId} title={p.errorTitle}>
          <p>{p.error}</p>
        </Notice>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">{p.children}</div>
        <SubmitButton
          pending={p.pending}
          pendingLabel={p.pendingLabel}
          testId={p.submitTestId}
          className="sm:mt-[1.625rem] sm:w-40"
        >
          {p.submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
