'use client';

import { useState } from 'react';
import { ErrorAlert } from './error-alert';
import { TargetAndSubmit, useImportForm } from './import-form';
import { postJson, RemoteJobView } from './remote-job';
import type { Conversion, FormatEntry } from './types';

export const fieldStyle =
  'h-11 rounded-lg border border-zinc-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900';

/**
 * The converter's "From URL" tab: the server fetches the file (POST /convert/upload-url; a refused
 * address answers at once), then the conversion is followed like an upload's.
 */
export function UrlImport({ formats, loading }: { formats: readonly FormatEntry[]; loading: boolean }) {
  const [url, setUrl] = useState('');
  const form = useImportForm(formats);
  const { job, error, setError, reset } = form;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    return form.start(() => postJson<Conversion>('/api/v1/convert/upload-url', { url, target_format: form.target }));
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
          <TargetAndSubmit
            form={form}
            formats={formats}
            loading={loading}
            label="Fetch and convert"
            pendingLabel="Sending…"
            testId="url-convert-button"
          />
        </form>
      )}
      {error && <ErrorAlert error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}
