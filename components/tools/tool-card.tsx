'use client';

import type { ReactNode } from 'react';
import { DropZone } from '@/components/converter/drop-zone';
import { ErrorAlert } from '@/components/converter/error-alert';
import { CancelButton, JobCard, JobView, ResetButton } from '@/components/converter/job-card';
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

  return (
    <JobCard label={label} jobView={phase.kind !== 'idle'}>
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
        <JobView state={state} result={result}>
          <CancelButton phase={phase} onCancel={cancel} />
          <ResetButton phase={phase} onReset={reset} label={againLabel} />
        </JobView>
      )}
      {error && <ErrorAlert error={error} onDismiss={() => showError(null)} />}
    </JobCard>
  );
}
