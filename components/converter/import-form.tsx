'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import type { Attempt } from '@/components/api/browser-client';
import { errorInfo } from './api-errors';
import { ErrorAlert } from './error-alert';
import { targetsFor } from './format-utils';
import { defaultTarget } from './popular-targets';
import { RemoteJobView, useRemoteJob } from './remote-job';
import { TargetCombobox } from './target-combobox';
import type { Conversion, FormatEntry } from './types';

// What the import forms (URL import, cloud import) share: the target choice, the pending send,
// the job it starts, the form with its target select and submit button, and the error.

export function useImportForm(formats: readonly FormatEntry[]) {
  const [chosen, setChosen] = useState('');
  const [pending, setPending] = useState(false);
  const remote = useRemoteJob();
  const targets = targetsFor(undefined, formats);
  const target = chosen && targets.includes(chosen) ? chosen : defaultTarget(undefined, targets);

  /** Runs `send` (the form's requests), then follows the conversion it created or shows its error. */
  async function start(send: () => Promise<Attempt<Conversion>>) {
    setPending(true);
    remote.setError(null);
    const r = await send();
    setPending(false);
    if (r.ok) remote.follow(r.data);
    else remote.setError(errorInfo(r.error));
  }

  return { ...remote, targets, target, setChosen, pending, start };
}

export function TargetAndSubmit({
  form,
  formats,
  loading,
  label,
  pendingLabel,
  testId,
}: {
  form: ReturnType<typeof useImportForm>;
  formats: readonly FormatEntry[];
  loading: boolean;
  label: string;
  pendingLabel: string;
  testId?: string;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <TargetCombobox
          label="Convert to"
          targets={form.targets}
          value={form.target}
          formats={formats}
          family={undefined}
          disabled={loading}
          onChange={form.setChosen}
        />
      </div>
      <button
        type="submit"
        data-testid={testId}
        disabled={!form.target || loading || form.pending}
        className={`${buttonStyles.primary} sm:w-44`}
      >
        {form.pending ? pendingLabel : label}
      </button>
    </div>
  );
}

type ImportProps = {
  form: ReturnType<typeof useImportForm>;
  formats: readonly FormatEntry[];
  loading: boolean;
  /** Whether the form shows (while no job runs). */
  open?: boolean;
  onSubmit: (e: FormEvent) => Promise<void>;
  /** The form's own fields, above the target select. */
  children: ReactNode;
  label: string;
  pendingLabel: string;
  testId?: string;
  resetLabel: string;
};

/** The started job, or else the form; the error under either. */
export function ImportBody({ form, open = true, onSubmit, children, resetLabel, ...submit }: ImportProps) {
  const { job, error, setError, reset } = form;
  return (
    <>
      {job ? (
        <RemoteJobView job={job} onReset={reset} resetLabel={resetLabel} />
      ) : (
        open && (
          <form className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
            {children}
            <TargetAndSubmit form={form} {...submit} />
          </form>
        )
      )}
      {error && <ErrorAlert error={error} onDismiss={() => setError(null)} />}
    </>
  );
}
