import { formatBytes } from '@/components/ui/format-bytes';
import { ProgressBar } from './progress-bar';
import type { Phase } from './converter-state';

/** The words shown (and announced) for each step. */
function statusText(phase: Phase): string {
  switch (phase.kind) {
    case 'idle':
      return 'Ready';
    case 'uploading':
      if (phase.percent >= 100) return 'Upload complete, starting the conversion…';
      return phase.paused ? `Upload paused at ${phase.percent} %` : `Uploading… ${phase.percent} %`;
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

const STATUS_TONES: Record<Phase['kind'], string> = {
  idle: 'text-zinc-700 dark:text-zinc-300',
  uploading: 'text-zinc-700 dark:text-zinc-300',
  converting: 'text-zinc-700 dark:text-zinc-300',
  completed: 'text-emerald-700 dark:text-emerald-400',
  failed: 'text-red-700 dark:text-red-400',
  cancelled: 'text-zinc-500 dark:text-zinc-400',
};

function StatusIcon({ kind }: { kind: Phase['kind'] }) {
  const common = { viewBox: '0 0 20 20', 'aria-hidden': true, className: 'size-4 shrink-0' } as const;
  if (kind === 'uploading' || kind === 'converting') {
    return (
      <svg {...common} fill="none" className="size-4 shrink-0 animate-spin">
        <circle cx="10" cy="10" r="7.5" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2.5" />
        <path d="M17.5 10A7.5 7.5 0 0 0 10 2.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    );
  }
  if (kind === 'completed') {
    return (
      <svg {...common} fill="currentColor">
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.48 4.83-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.22 2.22a.75.75 0 0 0 1.14-.09l4-5.54Z"
          clipRule="evenodd"
        />
      </svg>
    );
  }
  return null;
}

function conversionValue(phase: Phase): number {
  if (phase.kind === 'converting') return phase.progress;
  if (phase.kind === 'completed') return 100;
  if (phase.kind === 'failed') return phase.conversion.progress;
  if (phase.kind === 'cancelled') return phase.progress;
  return 0;
}

/** Bytes sent of the total and the current speed, under the upload bar. */
function UploadFigures({ phase }: { phase: Extract<Phase, { kind: 'uploading' }> }) {
  return (
    <p data-testid="upload-figures" className="-mt-2 font-mono text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
      <span data-testid="upload-sent" data-bytes={phase.sent}>
        {formatBytes(phase.sent)} of {formatBytes(phase.total)}
      </span>
      {!phase.paused && phase.bytesPerSecond > 0 && <span> · {formatBytes(phase.bytesPerSecond)}/s</span>}
    </p>
  );
}

/** Upload bar, conversion bar and the live status line. */
export function JobProgress({ phase }: { phase: Phase }) {
  const uploadValue = phase.kind === 'uploading' ? phase.percent : 100;
  const tone =
    phase.kind === 'completed'
      ? 'success'
      : phase.kind === 'failed'
        ? 'danger'
        : phase.kind === 'converting'
          ? 'brand'
          : 'muted';
  const status = phase.kind === 'converting' ? phase.status : phase.kind;
  return (
    <div className="flex flex-col gap-4">
      <ProgressBar
        label="Upload"
        value={uploadValue}
        testId="upload-progress"
        tone={phase.kind === 'uploading' ? 'brand' : 'success'}
      />
      {phase.kind === 'uploading' && <UploadFigures phase={phase} />}
      <ProgressBar
        label="Conversion"
        value={conversionValue(phase)}
        testId="conversion-progress"
        tone={tone}
        indeterminate={phase.kind === 'converting' && phase.status === 'pending'}
      />
      <p
        role="status"
        data-testid="status-text"
        data-status={status}
        className={`flex items-center gap-2 text-sm font-medium ${STATUS_TONES[phase.kind]}`}
      >
        <StatusIcon kind={phase.kind} />
        {statusText(phase)}
      </p>
    </div>
  );
}
