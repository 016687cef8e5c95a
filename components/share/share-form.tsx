'use client';

import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/account/text-field';
import { api, attempt } from '@/components/api/browser-client';
import { ErrorAlert } from '@/components/converter/error-alert';
import { errorInfo } from '@/components/converter/api-errors';
import type { ErrorInfo } from '@/components/converter/types';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatDateTime } from '@/components/ui/format-date';
import { SHARE_PASSWORD_MAX, SHARE_PASSWORD_MIN } from '@/lib/domain/share-rules';

import type { ShareLinkJson } from './share-link-list';

/** The three options as the API takes them; empty fields are left out. */
function shareOptions(form: FormData) {
  const password = String(form.get('password') ?? '');
  const expires = String(form.get('expires') ?? '');
  const limit = String(form.get('access_limit') ?? '');
  return {
    ...(password ? { password } : {}),
    ...(expires ? { expires_at: new Date(expires).toISOString() } : {}),
    ...(limit ? { access_limit: Number(limit) } : {}),
  };
}

type Props = {
  conversionId: number | string;
  expiresAt: string;
  /** Starts with the form shown (in a dialog that is already the owner's choice to share). */
  startOpen?: boolean;
  onCreated?: (link: ShareLinkJson) => void;
};

/** "Share" for a completed conversion: optional password, expiry and access limit, then the link to copy. */
export function ShareForm({ conversionId, expiresAt, startOpen = false, onCreated }: Props) {
  const [open, setOpen] = useState(startOpen);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [created, setCreated] = useState<ShareLinkJson | null>(null);
  const [copied, setCopied] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const created = await attempt(
      api.POST('/api/v1/conversions/{id}/share', {
        params: { path: { id: String(conversionId) } },
        body: shareOptions(new FormData(event.currentTarget)),
      }),
    );
    setBusy(false);
    if (!created.ok) return setError(errorInfo(created.error));
    const link = created.data;
    setCreated(link);
    onCreated?.(link);
  }

  if (!open) {
    return (
      <div>
        <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(true)} data-testid="share-open">
          Share
        </button>
      </div>
    );
  }
  if (created) {
    return (
      <div className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        <p className="text-sm font-medium">
          Anyone with this link can download the file{created.has_password ? ' with the password' : ''}:
        </p>
        <div className="flex gap-2">
          <input
            readOnly
            aria-label="New share link"
            value={created.url}
            data-testid="share-url"
            className="h-11 min-w-0 flex-1 rounded-lg border border-zinc-300 px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => void navigator.clipboard?.writeText(created.url).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
        <div>
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => {
              setCreated(null);
              setCopied(false);
            }}
          >
            Another link
          </button>
        </div>
      </div>
    );
  }
  // The expiry may not pass the conversion's own (the API answers 400 otherwise).
  const max = new Date(expiresAt);
  const maxLocal = new Date(max.getTime() - max.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="share-form"
    >
      <p className="text-sm font-semibold">Share this result</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Password (optional)"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={SHARE_PASSWORD_MIN}
          maxLength={SHARE_PASSWORD_MAX}
          revealable
        />
        <TextField
          label="Expires (optional)"
          name="expires"
          type="datetime-local"
          max={maxLocal}
          // The picker takes the reader's own time, while expiries elsewhere read in UTC: say both.
          hint={`In your time zone; at the latest ${formatDateTime(expiresAt)}.`}
        />
        <TextField label="Downloads allowed (optional)" name="access_limit" type="number" min={1} step={1} />
      </div>
      {error && <ErrorAlert error={error} />}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? 'Creating…' : 'Create link'}
        </button>
        {!startOpen && (
          <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(false)}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
