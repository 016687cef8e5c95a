'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { api, attempt } from '@/components/api/browser-client';
import { smallButton } from '../small-button';
import { ShareDialog } from './share-dialog';

type Props = { id: string; fileName: string; expiresAt: string; completed: boolean; retryable: boolean };

/** Download, share (links with password, expiry and access limit, listed and revocable), retry (failed or cancelled) and delete for one conversion row. */
export function ConversionActions({ id, fileName, expiresAt, completed, retryable }: Props) {
  const router = useRouter();
  const [sharing, setSharing] = useState(false);
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);

  async function retry() {
    setPending(true);
    const result = await attempt(api.POST('/api/v1/conversions/{id}/retry', { params: { path: { id } } }));
    setPending(false);
    if (!result.ok) return setMessage(result.message);
    setMessage(`${fileName} queued again.`);
    router.refresh();
  }

  async function remove() {
    if (!window.confirm(`Delete ${fileName} and its result?`)) return;
    setPending(true);
    const result = await attempt(api.DELETE('/api/v1/conversions/{id}', { params: { path: { id } } }));
    setPending(false);
    if (!result.ok && result.error.status !== 404) return setMessage(result.message);
    router.refresh();
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {completed && (
        <a className={smallButton.secondary} href={`/api/v1/convert/download/${id}`} data-testid="download-conversion">
          Download<span className="sr-only"> {fileName}</span>
        </a>
      )}
      {completed && (
        <button
          type="button"
          className={smallButton.secondary}
          onClick={() => setSharing(true)}
          data-testid="share-conversion"
        >
          Share<span className="sr-only"> {fileName}</span>
        </button>
      )}
      {completed && (
        <ShareDialog
          id={id}
          fileName={fileName}
          expiresAt={expiresAt}
          open={sharing}
          onClose={() => setSharing(false)}
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
