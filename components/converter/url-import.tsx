'use client';

import { useState } from 'react';
import { ImportBody, useImportForm } from './import-form';
import { api, attempt } from '@/components/api/browser-client';
import type { FormatEntry } from './types';

export const fieldStyle =
  'h-11 rounded-lg border border-zinc-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900';

/**
 * The converter's "From URL" tab: the server fetches the file (POST /convert/upload-url; a refused
 * address answers at once), then the conversion is followed like an upload's.
 */
export function UrlImport({ formats, loading }: { formats: readonly FormatEntry[]; loading: boolean }) {
  const [url, setUrl] = useState('');
  const form = useImportForm(formats);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    await form.start(() =>
      attempt(api.POST('/api/v1/convert/upload-url', { body: { url, target_format: form.target } })),
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="url-import">
      <ImportBody
        form={form}
        formats={formats}
        loading={loading}
        onSubmit={submit}
        label="Fetch and convert"
        pendingLabel="Sending…"
        testId="url-convert-button"
        resetLabel="Convert another URL"
      >
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
      </ImportBody>
    </div>
  );
}
