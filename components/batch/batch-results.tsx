'use client';

import { useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { errorInfo } from '@/components/converter/api-errors';
import type { ErrorInfo } from '@/components/converter/types';
import { buttonStyles } from '@/components/ui/button-styles';
import type { BatchLimit } from '@/lib/accounts/batch-limit';
import { BatchTooLargeHelp } from './batch-limit-note';
import { canRetry, FINISHED, type FileItem } from './use-multi-upload';

/** Starts the browser's own download of the ZIP of these conversions, grouped as one batch first. */
async function downloadAll(ids: number[]): Promise<ErrorInfo | null> {
  const grouped = await attempt(api.POST('/api/v1/batch', { body: { conversion_ids: ids } }));
  if (!grouped.ok) return { ...errorInfo(grouped.error), title: 'No ZIP' };
  const link = document.createElement('a');
  link.href = `/api/v1/batch/${encodeURIComponent(grouped.data.batch_id)}/download`;
  link.download = '';
  link.click();
  return null;
}

type Props = { items: FileItem[]; limit: BatchLimit; onRetryFailed: () => void };

/**
 * What to do with the files once none is working: "Download all" as one ZIP (the batch's streamed
 * download, within the plan's files per batch) and "Retry failed" sending every failed file again.
 */
export function BatchResults({ items, limit, onRetryFailed }: Props) {
  const [zipError, setZipError] = useState<ErrorInfo | null>(null);
  const [zipping, setZipping] = useState(false);
  const allFinished = items.length > 0 && items.every((i) => FINISHED.includes(i.state));
  if (!allFinished) return null;

  const completed = items.filter((i) => i.state === 'completed' && i.conversion);
  const failed = items.filter((i) => i.state === 'failed' && canRetry(i));
  const max = limit.filesPerBatch;
  const zipAllowed = max === null || completed.length <= max;
  if (completed.length < 2 && failed.length === 0) return null;

  return (
    <div className="flex flex-col gap-2" data-testid="batch-results">
      <div className="flex flex-wrap gap-2">
        {completed.length > 1 && zipAllowed && (
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={zipping}
            data-testid="batch-zip"
            onClick={async () => {
              setZipping(true);
              setZipError(await downloadAll(completed.map((i) => i.conversion!.id)));
              setZipping(false);
            }}
          >
            Download all (ZIP)
          </button>
        )}
        {failed.length > 0 && (
          <button
            type="button"
            className={buttonStyles.secondary}
            data-testid="batch-retry-failed"
            onClick={() => {
              setZipError(null);
              onRetryFailed();
            }}
          >
            Retry failed ({failed.length})
          </button>
        )}
      </div>
      {completed.length > 1 && !zipAllowed && (
        <p data-testid="batch-no-zip" className="text-sm text-zinc-600 dark:text-zinc-400">
          Download the files one by one: a ZIP holds at most {max} file{max === 1 ? '' : 's'} on the {limit.planName}{' '}
          plan.
        </p>
      )}
      {zipError && (
        <p role="alert" data-testid="batch-error" className="text-sm text-red-700 dark:text-red-300">
          <span className="font-semibold">{zipError.title}:</span> {zipError.message}
          {zipError.code === 'batch_too_large' && <BatchTooLargeHelp limit={limit} />}
        </p>
      )}
    </div>
  );
}
