'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { DropZone } from '@/components/converter/drop-zone';
import { ErrorAlert } from '@/components/converter/error-alert';
import { JobProgress } from '@/components/converter/job-progress';
import { JobSummary } from '@/components/converter/job-summary';
import type { Conversion } from '@/components/converter/types';
import { buttonStyles } from '@/components/ui/button-styles';
import type { useToolJob } from './use-tool-job';

type Props = {
  /** The card's accessible name ("Compressor"). */
  label: string;
  dropHint: string;
  job: ReturnType<typeof useToolJob>;
  /** The tool's option fields, shown once a file is chosen. */
  options: ReactNode;
  submitLabel: string;
  canSubmit: boolean;
  onSubmit: () => void;
  result: (conversion: Conversion) => ReactNode;
  againLabel: string;
};

/** The frame both tool pages share with the converter: drop, options, progress, result. */
export function ToolCard({
  label,
  dropHint,
  job,
  options,
  submitLabel,
  canSubmit,
  onSubmit,
  result,
  againLabel,
}: Props) {
  const { state, chooseFile, cancel, reset, showError } = job;
  const { file, phase, error } = state;
  const busy = phase.kind === 'uploading' || phase.kind === 'converting';

  // When the card swaps between the picker and the job view, keep keyboard focus inside it.
  const card = useRef<HTMLElement>(null);
  const jobView = phase.kind !== 'idle';
  const previous = useRef(jobView);
  useEffect(() => {
    if (previous.current === jobView) return;
    previous.current = jobView;
    card.current?.querySelector<HTMLElement>(jobView ? '[data-focus-target]' : '[data-testid="drop-zone"]')?.focus();
  }, [jobView]);

  return (
    <section
      ref={card}
      aria-label={label}
      className="flex flex-col gap-5 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/50"
    >
      {phase.kind === 'idle' ? (
        <>
          <DropZone file={file} onFile={chooseFile} hint={dropHint} />
          {file && (
            <form
              className="flex flex-col gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                onSubmit();
              }}
            >
              {options}
              <button
                type="submit"
                data-testid="start-button"
                disabled={!canSubmit}
                className={`${buttonStyles.primary} sm:w-56 sm:self-end`}
              >
                {submitLabel}
              </button>
            </form>
          )}
        </>
      ) : (
        <>
          <div tabIndex={-1} data-focus-target className="rounded-md focus:outline-none">
            {file && <JobSummary fileName={file.name} size={file.size} target={state.target} />}
          </div>
          <JobProgress phase={phase} />
          {phase.kind === 'completed' && result(phase.conversion)}
          <div className="flex flex-wrap gap-3">
            {busy && (
              <button
                type="button"
                data-testid="cancel-button"
                onClick={() => void cancel()}
                disabled={phase.kind === 'converting' && phase.cancelling}
                className={buttonStyles.danger}
              >
                Cancel
              </button>
            )}
            {!busy && (
              <button type="button" data-testid="reset-button" onClick={reset} className={buttonStyles.secondary}>
                {againLabel}
              </button>
            )}
          </div>
        </>
      )}
      {error && <ErrorAlert error={error} onDismiss={() => showError(null)} />}
    </section>
  );
}
