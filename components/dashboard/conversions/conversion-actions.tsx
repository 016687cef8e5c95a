'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { apiRequest } from '@/components/account/api-client';
import { smallButton } from '../small-button';

type Props = { id: string; fileName: string; completed: boolean; retryable: boolean };

/** Download, share (a plain link; options on the API), retry (failed or cancelled) and delete for one conversion row. */
export function ConversionActions({ id, fileName, completed, retryable }: Props) {
  const router = useRouter();
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);

  async function share() {
    setPending(true);
    const result = await apiRequest<{ url: string }>(`/api/v1/conversions/${id}/share`, { body: {} });
    setPending(false);
    if (result.ok) setShareUrl(result.data.url);
    setMessage(result.ok ? `Share link for ${fileName} created.` : result.error);
  }

  async function retry() {
    setPending(true);
    const result = await apiRequest(`/api/v1/conversions/${id}/retry`, { method: 'POST' });
    setPending(false);
    if (!result.ok) return setMessage(result.error);
    setMessage(`${fileName} queued again.`);
    router.refresh();
  }

  async function remove() {
    if (!window.confirm(`Delete ${fileName} and its result?`)) return;
    setPending(true);
    const result = await apiRequest(`/api/v1/conversions/${id}`, { method: 'DELETE' });
    setPending(false);
    if (!result.ok && result.status !== 404) return setMessage(result.error);
    router.refresh();
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {completed && (
        <a className={smallButton.secondary} href={`/api/v1/convert/download/${id}`} data-testid="download-conversion">
          Download<span className="sr-only"> {fileName}</span>
        </a>
      )}
      {completed && !shareUrl && (
        <button
          type="button"
          className={smallButton.secondary}
          disabled={pending}
          onClick={() => void share()}
          data-testid="share-conversion"
        >
          Share<span className="sr-only"> {fileName}</span>
        </button>
      )}
      {shareUrl && (
        <input
          readOnly
          aria-label={`Share link for ${fileName}`}
          value={shareUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="h-9 w-56 rounded-md border border-zinc-300 bg-white px-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
        />
      )}
      {retryable && (
        <button
          type="button"
          className={smallButton.secondary}
          disabled={pending}
          onClick={() => void retry()}
          data-testid="retry-conversion"
        >
          Retry<span className="sr-only"> {fileName}</span>
        </button>
      )}
      <button
        type="button"
        className={smallButton.danger}
        disabled={pending}
        onClick={() => void remove()}
        data-testid="delete-conversion"
      >
        Delete<span className="sr-only"> {fileName}</span>
      </button>
      <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {message}
      </span>
    </div>
  );
}
