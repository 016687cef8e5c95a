'use client';

import { useState } from 'react';
import { ProgressBar } from '@/components/converter/progress-bar';
import { describeFormat, guessSource, resultFileName, targetsFor } from '@/components/converter/format-utils';
import { useFormats } from '@/components/converter/use-formats';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatBytes } from '@/components/ui/format-bytes';
import type { BatchLimit } from '@/lib/accounts/batch-limit';
import { BatchLimitNote, BatchTooLargeHelp } from './batch-limit-note';
import { useBatch } from './use-batch';

const TONE = {
  completed: 'success',
  failed: 'danger',
  cancelled: 'muted',
  pending: 'brand',
  processing: 'brand',
} as const;

/**
 * Several files at once: one target for all, each file's progress, then "Download all (ZIP)". The
 * caller's plan decides how many files a batch takes (`limit`, read on the server); the form says so.
 */
export function BatchConverter({ limit }: { limit: BatchLimit }) {
  const { formats } = useFormats();
  const [files, setFiles] = useState<File[]>([]);
  const [target, setTarget] = useState('');
  const { phase, finished, start, reset } = useBatch();
  // Targets every chosen file can go to (judged by extension; the server decides from the bytes).
  const targets = files.length
    ? files
        .map((f) => targetsFor(guessSource(f.name, formats), formats))
        .reduce((a, b) => a.filter((t) => b.includes(t)))
    : [];
  const chosen = targets.includes(target) ? target : (targets[0] ?? '');

  if (phase.kind === 'running') {
    const { batch, conversions } = phase.batch;
    return (
      <section data-testid="batch-panel" data-status={batch.status} className="flex flex-col gap-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {batch.completed} of {batch.total} converted{batch.failed ? `, ${batch.failed} failed` : ''} · batch{' '}
          {batch.status}
        </p>
        <ul className="flex flex-col gap-3">
          {conversions.map((c) => (
            <li key={c.id}>
              <ProgressBar
                testId="batch-file-progress"
                label={`${resultFileName(c.original_file_name, c.target_format)} — ${c.status}`}
                value={c.progress}
                tone={TONE[c.status]}
                indeterminate={c.status === 'pending'}
              />
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          {batch.completed > 0 && (
            <a
              href={`/api/v1/batch/${batch.batch_id}/download`}
              download
              className={buttonStyles.primary}
              data-testid="batch-zip"
            >
              Download all (ZIP)
            </a>
          )}
          {finished && (
            <button type="button" className={buttonStyles.secondary} onClick={() => (reset(), setFiles([]))}>
              Convert more files
            </button>
          )}
        </div>
      </section>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      data-testid="batch-form"
      onSubmit={(e) => {
        e.preventDefault();
        void start(files, chosen);
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Files
        <input
          type="file"
          multiple
          data-testid="batch-file-input"
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
          className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-100 file:px-3 file:py-2 dark:file:bg-zinc-800"
        />
      </label>
      {files.length > 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {files.length} file{files.length === 1 ? '' : 's'}, {formatBytes(files.reduce((n, f) => n + f.size, 0))}.
        </p>
      )}
      <BatchLimitNote limit={limit} chosen={files.length} />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Convert all to
        <select
          data-testid="batch-target"
          value={chosen}
          disabled={targets.length === 0}
          onChange={(e) => setTarget(e.target.value)}
          className="h-11 rounded-lg border border-zinc-300 bg-white px-3 dark:border-zinc-700 dark:bg-zinc-900"
        >
          {targets.map((t) => (
            <option key={t} value={t}>
              {t.toUpperCase()} — {describeFormat(t, formats).label}
            </option>
          ))}
        </select>
      </label>
      {phase.kind === 'uploading' && (
        <ProgressBar
          testId="batch-upload-progress"
          label="Uploading"
          value={(100 * phase.sent) / Math.max(1, phase.total)}
        />
      )}
      {phase.kind === 'failed' && (
        <p role="alert" data-testid="batch-error" className="text-sm text-red-700 dark:text-red-300">
          <span className="font-semibold">{phase.error.title}:</span> {phase.error.message}
          {phase.error.code === 'batch_too_large' && <BatchTooLargeHelp limit={limit} />}
        </p>
      )}
      <div>
        <button
          type="submit"
          className={buttonStyles.primary}
          disabled={files.length === 0 || !chosen || phase.kind === 'uploading'}
          data-testid="batch-convert"
        >
          Convert {files.length > 1 ? `${files.length} files` : 'files'}
        </button>
      </div>
    </form>
  );
}
