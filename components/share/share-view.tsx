'use client';

import type { TransmuteError } from '@transmute/client';
import { useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { api, attempt, errorMessage } from '@/components/api/browser-client';
import { ErrorAlert } from '@/components/converter/error-alert';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatBytes } from '@/components/ui/format-bytes';
import { formatDateTime } from '@/components/ui/format-date';
import { formatInfo } from '@/lib/formats/catalog';
import type { ShareInfo } from '@/lib/schemas/shares';
import { PREVIEW_FORMATS, SHARE_PASSWORD_HEADER } from '@/lib/domain/share-rules';
import { type ShareProblem, shareProblem } from './share-messages';
import { ShareProblemCard } from './share-problem-card';
import { SharedPreview } from './shared-preview';

type Info = z.infer<typeof ShareInfo>;
type Fetched = { url: string; blob: Blob };

const canPreview = (format: string) => (PREVIEW_FORMATS as readonly string[]).includes(format);
// Codes after which the link cannot be used at all: the whole page says so.
const FINAL = new Set(['not_found', 'link_expired', 'link_used_up']);

const problemOf = (error: TransmuteError) => shareProblem(error.code, errorMessage(error), error.retryAfter);

/** The bytes of a link that needs no password and has no limit, for its preview. */
async function fetchPreview(token: string, format: string): Promise<Fetched | ShareProblem> {
  const bytes = await attempt(
    api.GET('/api/v1/share/{token}/download', { params: { path: { token } }, parseAs: 'arrayBuffer' }),
  );
  if (!bytes.ok) return problemOf(bytes.error);
  // Our own blob type: an image or PDF shows as one, anything else only ever downloads.
  const type = canPreview(format) ? (formatInfo(format)?.mime ?? '') : 'application/octet-stream';
  const blob = new Blob([bytes.data], { type });
  return { url: URL.createObjectURL(blob), blob };
}

/**
 * Checks the password and uses one access with a request, then navigates to the short-lived direct
 * link it answers: the browser's own download streams the file to disk, never through page memory.
 */
async function startDownload(token: string, password: string): Promise<ShareProblem | null> {
  const headers: Record<string, string> = password ? { [SHARE_PASSWORD_HEADER]: password } : {};
  const link = await attempt(api.POST('/api/v1/share/{token}/download-url', { params: { path: { token } }, headers }));
  if (!link.ok) return problemOf(link.error);
  window.location.assign(link.data.url);
  return null;
}

/** The share page's body: the file, a password field when needed, download and preview. */
export function ShareView({ token, info }: { token: string; info: Info }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ShareProblem | null>(null);
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const [unlocked, setUnlocked] = useState(false);
  const [remaining, setRemaining] = useState(info.remaining);
  // A link without password or limit costs nothing to preview, so it is shown at once.
  const autoPreview = canPreview(info.format) && !info.has_password && info.access_limit === null;

  useEffect(() => {
    if (!autoPreview) return;
    let url: string | undefined;
    void fetchPreview(token, info.format).then((result) => {
      if ('url' in result) setFetched(result);
      url = 'url' in result ? result.url : undefined;
    });
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [autoPreview, token, info.format]);

  async function download(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const failed = await startDownload(token, password);
    setBusy(false);
    if (failed) return setProblem(failed);
    setUnlocked(true);
    setRemaining((r) => (r === null ? null : Math.max(0, r - 1)));
  }

  if (problem && FINAL.has(problem.code)) return <ShareProblemCard problem={problem} />;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-brand-600 dark:text-brand-300">Someone shared a file with you</p>
        <h1 data-testid="share-file-name" className="text-2xl font-bold tracking-tight break-all">
          {info.file_name}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <span data-testid="share-format">{formatInfo(info.format)?.label ?? info.format.toUpperCase()}</span>
          {' · '}
          <span data-testid="share-size">{formatBytes(info.size)}</span>
          {' · '}expires {formatDateTime(info.expires_at)}
          {remaining !== null && ` · ${remaining} download${remaining === 1 ? '' : 's'} left`}
        </p>
      </div>

      <form onSubmit={download} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {info.has_password && !unlocked && (
          <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
            Password
            <input
              type="password"
              name="password"
              required
              autoComplete="off"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="h-11 rounded-lg border border-zinc-300 bg-white px-3 text-base dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
        )}
        <button type="submit" disabled={busy} className={buttonStyles.primary} data-testid="share-download">
          {busy ? 'Downloading…' : 'Download'}
        </button>
      </form>

      {problem && <ErrorAlert error={{ title: problem.title, message: problem.message, code: problem.code }} />}
      {fetched && canPreview(info.format) && (
        <SharedPreview url={fetched.url} format={info.format} fileName={info.file_name} />
      )}
    </div>
  );
}
