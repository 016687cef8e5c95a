'use client';

import { useEffect, useRef, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { errorFromResponse, NETWORK_ERROR } from './api-errors';
import { ErrorAlert } from './error-alert';
import { pickTarget, targetsFor } from './format-utils';
import { ProgressBar } from './progress-bar';
import { TargetSelect } from './target-select';
import type { Conversion, ErrorInfo, FormatEntry, ProgressUpdate } from './types';
import { watchConversion } from './watch-conversion';

type Job = { conversion: Conversion; update?: ProgressUpdate };

/**
 * The converter's "From URL" tab: the server fetches the file (POST /convert/upload-url; a refused
 * address answers at once), then the conversion is followed like an upload's.
 */
export function UrlImport({ formats, loading }: { formats: readonly FormatEntry[]; loading: boolean }) {
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState('');
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [pending, setPending] = useState(false);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const targets = targetsFor(undefined, formats);
  const target = pickTarget(targets, chosen);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const res = await fetch('/api/v1/convert/upload-url', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ url, target_format: target }),
      });
      const text = await res.text();
      if (!res.ok) return setError(errorFromResponse(res.status, text, res.headers.get('retry-after')));
      const conversion = JSON.parse(text) as Conversion;
      setJob({ conversion });
      stop.current = watchConversion(conversion.id, {
        onUpdate: (update) => setJob({ conversion, update }),
        onLost: (message) => setError({ title: 'Lost track of the conversion', message }),
      });
    } catch {
      setError(NETWORK_ERROR);
    } finally {
      setPending(false);
    }
  }

  const status = job?.update?.status ?? job?.conversion.status;
  return (
    <div className="flex flex-col gap-4" data-testid="url-import">
      {!job ? (
        <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
          <label className="flex flex-col gap-1 text-sm font-medium">
            File URL
            <input
              type="url"
              required
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com/report.docx"
              data-testid="url-input"
              className="h-11 rounded-lg border border-zinc-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <TargetSelect
                targets={targets}
                value={target}
                formats={formats}
                grouped
                disabled={loading}
                onChange={setChosen}
              />
            </div>
            <button
              type="submit"
              data-testid="url-convert-button"
              disabled={!target || loading || pending}
              className={`${buttonStyles.primary} sm:w-44`}
            >
              {pending ? 'Sending…' : 'Fetch and convert'}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="truncate text-sm">
            {job.conversion.original_file_name} → {job.conversion.target_format.toUpperCase()}
          </p>
          <ProgressBar
            label={
              status === 'completed'
                ? 'Done'
                : status === 'failed'
                  ? 'Failed'
                  : status === 'cancelled'
                    ? 'Cancelled'
                    : 'Fetching and converting'
            }
            value={job.update?.progress ?? 0}
            indeterminate={status === 'pending'}
            tone={status === 'completed' ? 'success' : status === 'failed' ? 'danger' : 'brand'}
            testId="url-progress"
          />
          {job.update?.error && <p className="text-sm text-red-700 dark:text-red-400">{job.update.error}</p>}
          <div className="flex flex-wrap gap-3">
            {status === 'completed' && (
              <a
                href={`/api/v1/convert/download/${job.conversion.id}`}
                className={buttonStyles.primary}
                data-testid="url-download"
              >
                Download
              </a>
            )}
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => {
                stop.current?.();
                setJob(null);
              }}
            >
              Convert another URL
            </button>
          </div>
        </div>
      )}
      {error && <ErrorAlert error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}
