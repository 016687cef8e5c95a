'use client';

import type { components } from '@transmute/client';
import { useEffect, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatBytes } from '@/components/ui/format-bytes';
import { api, attempt } from '@/components/api/browser-client';
import { errorInfo } from './api-errors';
import { ErrorAlert } from './error-alert';
import { TargetAndSubmit, useImportForm } from './import-form';
import { RemoteJobView, useRemoteJob } from './remote-job';
import type { Conversion, ErrorInfo, FormatEntry } from './types';
import { fieldStyle } from './url-import';

type Entry = { id: string; name: string; size: number | null; folder: boolean };
type Provider = { id: components['schemas']['CloudOAuthProvider']; name: string };

/**
 * The files of a connected cloud account: folders to open, a search box, and checkboxes; the
 * chosen files are fetched by the server (POST /cloud/{provider}/download with the connection)
 * and each becomes a conversion.
 */
export function CloudPicker({
  provider,
  formats,
  loading,
}: {
  provider: Provider;
  formats: readonly FormatEntry[];
  loading: boolean;
}) {
  const [path, setPath] = useState<Entry[]>([]);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Map<string, Entry>>(new Map());
  const [started, setStarted] = useState<Conversion[]>([]);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [pending, setPending] = useState(false);
  const form = useImportForm(formats);
  const folder = path.at(-1)?.id;

  const key = `${folder ?? ''}\n${query}`;
  const [listing, setListing] = useState<{ key: string; items: Entry[] } | null>(null);
  const items = listing?.key === key ? listing.items : null;

  useEffect(() => {
    let live = true;
    const show = (list: Entry[], failure?: ErrorInfo) => {
      if (!live) return;
      if (failure) setError(failure);
      setListing({ key, items: list });
    };
    const params = {
      path: { provider: provider.id },
      query: { folder: folder || undefined, search: query || undefined },
    };
    void attempt(api.GET('/api/v1/cloud/{provider}/files', { params })).then((r) =>
      r.ok ? show(r.data.items) : show([], errorInfo(r.error)),
    );
    return () => {
      live = false;
    };
  }, [provider.id, folder, query, key]);

  function toggle(entry: Entry) {
    setChosen((prev) => {
      const next = new Map(prev);
      if (next.has(entry.id)) next.delete(entry.id);
      else next.set(entry.id, entry);
      return next;
    });
  }

  async function importChosen(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setPending(true);
    try {
      for (const entry of chosen.values()) {
        const held = await attempt(
          api.POST('/api/v1/cloud/{provider}/download', {
            params: { path: { provider: provider.id } },
            body: { file_id: entry.id },
          }),
        );
        if (!held.ok) return setError(errorInfo(held.error));
        const conv = await attempt(
          api.POST('/api/v1/convert/from-cloud', { body: { token: held.data.token, target_format: form.target } }),
        );
        if (!conv.ok) return setError(errorInfo(conv.error));
        setStarted((prev) => [...prev, conv.data]);
        setChosen((prev) => {
          const next = new Map(prev);
          next.delete(entry.id);
          return next;
        });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid="cloud-picker">
      <nav aria-label={`${provider.name} folders`} className="flex flex-wrap items-center gap-1 text-sm">
        {[{ id: '', name: `My ${provider.name}` } as Entry, ...path].map((crumb, i) => (
          <span key={crumb.id || 'root'} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            <button
              type="button"
              className="underline-offset-2 hover:underline"
              onClick={() => {
                setPath(path.slice(0, i));
                setQuery('');
                setSearch('');
              }}
            >
              {crumb.name}
            </button>
          </span>
        ))}
      </nav>
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
        }}
      >
        <input
          type="search"
          aria-label={`Search ${provider.name}`}
          placeholder="Search by name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`${fieldStyle} flex-1`}
          data-testid="cloud-search"
        />
        <button type="submit" className={buttonStyles.secondary}>
          Search
        </button>
      </form>
      <ul
        className="max-h-72 divide-y divide-zinc-200 overflow-y-auto rounded-lg border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800"
        aria-busy={items === null}
        data-testid="cloud-files"
      >
        {items === null && <li className="p-3 text-zinc-500">Loading…</li>}
        {items?.length === 0 && (
          <li className="p-3 text-zinc-500">{query ? 'Nothing matches' : 'This folder is empty'}</li>
        )}
        {items?.map((entry) =>
          entry.folder ? (
            <li key={entry.id}>
              <button
                type="button"
                className="flex w-full items-center gap-2 p-3 text-left hover:bg-zinc-50 dark:hover:bg-zinc-900"
                onClick={() => {
                  setPath([...path, entry]);
                  setQuery('');
                  setSearch('');
                }}
              >
                <span aria-hidden="true">📁</span>
                <span className="truncate font-medium">{entry.name}</span>
              </button>
            </li>
          ) : (
            <li key={entry.id}>
              <label className="flex items-center gap-2 p-3 hover:bg-zinc-50 dark:hover:bg-zinc-900">
                <input type="checkbox" checked={chosen.has(entry.id)} onChange={() => toggle(entry)} />
                <span className="flex-1 truncate">{entry.name}</span>
                {entry.size !== null && <span className="text-zinc-500">{formatBytes(entry.size)}</span>}
              </label>
            </li>
          ),
        )}
      </ul>
      {chosen.size > 0 && (
        <form className="flex flex-col gap-3" onSubmit={(e) => void importChosen(e)}>
          <TargetAndSubmit
            form={{ ...form, pending }}
            formats={formats}
            loading={loading}
            label={`Import ${chosen.size === 1 ? 'the file' : `${chosen.size} files`}`}
            pendingLabel="Importing…"
            testId="cloud-import-chosen"
          />
        </form>
      )}
      {started.map((conversion) => (
        <StartedJob key={conversion.id} conversion={conversion} />
      ))}
      {error && <ErrorAlert error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}

/** One imported file's conversion, followed over SSE. */
function StartedJob({ conversion }: { conversion: Conversion }) {
  const remote = useRemoteJob();
  const { follow } = remote;
  useEffect(() => follow(conversion), [follow, conversion]);
  if (!remote.job) return null;
  return <RemoteJobView job={remote.job} onReset={remote.reset} resetLabel="Hide" />;
}
