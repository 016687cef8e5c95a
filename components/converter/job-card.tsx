'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import type { ConverterState, Phase } from './converter-state';
import { JobProgress } from './job-progress';
import { JobSummary } from './job-summary';
import type { Conversion } from './types';

// The frame the converter and the tool pages share: the card, and its job view
// (summary, progress, result, then the buttons the page passes as children).

const isBusy = (phase: Phase) => phase.kind === 'uploading' || phase.kind === 'converting';

/** The card; when it swaps between the picker and the job view, keyboard focus stays inside it. */
export function JobCard({ label, jobView, children }: { label: string; jobView: boolean; children: ReactNode }) {
  const card = useRef<HTMLElement>(null);
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
      {children}
    </section>
  );
}

export function JobView({
  state,
  result,
  children,
}: {
  state: ConverterState;
  /** Shown once the conversion completed. */
  result: (conversion: Conversion) => ReactNode;
  /** The buttons. */
  children: ReactNode;
}) {
  const { file, phase } = state;
  return (
    <>
      <div tabIndex={-1} data-focus-target className="rounded-md focus:outline-none">
        {file && <JobSummary fileName={file.name} size={file.size} target={state.target} />}
      </div>
      <JobProgress phase={phase} />
      {phase.kind === 'completed' && result(phase.conversion)}
      <div className="flex flex-wrap gap-3">{children}</div>
    </>
  );
}

/** Shown while the job runs; stays disabled while a cancel is under way. */
export function CancelButton({ phase, onCancel }: { phase: Phase; onCancel: () => Promise<void> }) {
  if (!isBusy(phase)) return null;
  return (
    <button
      type="button"
      data-testid="cancel-button"
      onClick={() => void onCancel()}
      disabled={phase.kind === 'converting' && phase.cancelling}
      className={buttonStyles.danger}
    >
      Cancel
    </button>
  );
}

/** Shown once the job is over. */
export function ResetButton({ phase, onReset, label }: { phase: Phase; onReset: () => void; label: string }) {
  if (isBusy(phase)) return null;
  return (
    <button type="button" data-testid="reset-button" onClick={onReset} className={buttonStyles.secondary}>
      {label}
    </button>
  );
}
