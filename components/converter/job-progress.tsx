import { ProgressBar } from './progress-bar';
import type { Phase } from './converter-state';

/** The words shown (and announced) for each step. */
export function statusText(phase: Phase): string {
  switch (phase.kind) {
    case 'idle':
      return 'Ready';
    case 'uploading':
      return phase.percent >= 100 ? 'Upload complete, starting the conversion…' : `Uploading… ${phase.percent} %`;
    case 'converting':
      if (phase.cancelling) return 'Cancelling…';
      return phase.status === 'pending' ? 'Waiting in the queue…' : `Converting… ${phase.progress} %`;
    case 'completed':
      return 'Completed';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

function conversionValue(phase: Phase): number {
  if (phase.kind === 'converting') return phase.progress;
  if (phase.kind === 'completed') return 100;
  if (phase.kind === 'failed') return phase.conversion.progress;
  return 0;
}

/** Upload bar, conversion bar and the live status line. */
export function JobProgress({ phase }: { phase: Phase }) {
  const uploadValue = phase.kind === 'uploading' ? phase.percent : 100;
  const tone = phase.kind === 'completed' ? 'success' : phase.kind === 'failed' ? 'danger' : phase.kind === 'converting' ? 'brand' : 'muted';
  const status = phase.kind === 'converting' ? phase.status : phase.kind;
  return (
    <div className="flex flex-col gap-4">
      <ProgressBar label="Upload" value={uploadValue} testId="upload-progress" tone={phase.kind === 'uploading' ? 'brand' : 'success'} />
      <ProgressBar
        label="Conversion"
        value={conversionValue(phase)}
        testId="conversion-progress"
        tone={tone}
        indeterminate={phase.kind === 'converting' && phase.status === 'pending'}
      />
      <p role="status" data-testid="status-text" data-status={status} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {statusText(phase)}
      </p>
    </div>
  );
}
