'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { ProgressBar } from './progress-bar';
import type { Conversion, ErrorInfo, ProgressUpdate } from './types';
import { watchConversion } from './watch-conversion';

// A conversion whose file the server fetches (URL import, cloud import): started with a JSON
// POST, then followed over SSE like an upload's.

type Job = { conversion: Conversion; update?: ProgressUpdate };

export function useRemoteJob() {
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const follow = useCallback((conversion: Conversion) => {
    setJob({ conversion });
    stop.current = watchConversion(conversion.id, {
      onUpdate: (update) => setJob({ conversion, update }),
      onLost: (message) => setError({ title: 'Lost track of the conversion', message }),
    });
  }, []);
  const reset = useCallback(() => {
    stop.current?.();
    setJob(null);
  }, []);
  return { job, error, setError, follow, reset };
}

export function RemoteJobView({ job, onReset, resetLabel }: { job: Job; onReset: () => void; resetLabel: string }) {
  const status = job.update?.status ?? job.conversion.status;
  const label =
    status === 'completed'
      ? 'Done'
      : status === 'failed'
        ? 'Failed'
        : status === 'cancelled'
          ? 'Cancelled'
          : 'Fetching and converting';
  return (
    <div className="flex flex-col gap-3">
      <p className="truncate text-sm">
        {job.conversion.original_file_name} → {job.conversion.target_format.toUpperCase()}
      </p>
      <ProgressBar
        label={label}
        value={job.update?.progress ?? 0}
        indeterminate={status === 'pending'}
        tone={status === 'completed' ? 'success' : status === 'failed' ? 'danger' : 'brand'}
        testId="remote-progress"
      />
      {job.update?.error && <p className="text-sm text-red-700 dark:text-red-400">{job.update.error}</p>}
      <div className="flex flex-wrap gap-3">
        {status === 'completed' && (
          <a
            href={`/api/v1/convert/download/${job.conversion.id}`}
            className={buttonStyles.primary}
            data-testid="remote-download"
          >
            Download
          </a>
        )}
        <button type="button" className={buttonStyles.secondary} onClick={onReset}>
          {resetLabel}
        </button>
      </div>
    </div>
  );
}
