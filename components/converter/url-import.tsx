'use client';

import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorAlert } from './error-alert';
import { pickTarget, targetsFor } from './format-utils';
import { postJson, RemoteJobView, useRemoteJob } from './remote-job';
import { TargetSelect } from './target-select';
import type { Conversion, FormatEntry } from './types';

export const fieldStyle =
  'h-11 rounded-lg border border-zinc-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900';

/**
 * The converter's "From URL" tab: the server fetches the file (POST /convert/upload-url; a refused
 * address answers at once), then the conversion is followed like an upload's.
 */
export function UrlImport({ formats, loading }: { formats: readonly FormatEntry[]; loading: boolean }) {
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState('');
  const [pending, setPending] = useState(false);
  const { job, error, setError, follow, reset } = useRemoteJob();
  const targets = targetsFor(undefined, formats);
  const target = pickTarget(targets, chosen);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    const r = await postJson<Conversion>('/api/v1/convert/upload-url', { url, target_format: target });
    setPending(false);
    if (r.ok) follow(r.data);
    else setError(r.error);
  }

  return (
    <div className="flex flex-col gap-4" data-testid="url-import">
      {job ? (
        <RemoteJobView job={job} onReset={reset} resetLabel="Convert another URL" />
      ) : (
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
              className={fieldStyle}
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
      )}
      {error && <ErrorAlert error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}
