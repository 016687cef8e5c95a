'use client';

import type { components } from '@transmute/client';
import { useEffect, useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { buttonStyles } from '@/components/ui/button-styles';
import { OAUTH_PROVIDERS, type OAuthProvider } from '@/lib/domain/cloud-providers';
import { CloudConnection } from './cloud-connection';
import { ImportBody, useImportForm } from './import-form';
import type { FormatEntry } from './types';
import { fieldStyle } from './url-import';

type Provider = components['schemas']['CloudStatus']['providers'][number];

const isOAuth = (p: Provider): p is Provider & { id: OAuthProvider } =>
  (OAUTH_PROVIDERS as readonly string[]).includes(p.id);

/**
 * "Import from…" buttons for the providers the administrator configured (signed-in users only:
 * GET /cloud/status needs an account). A provider with a client secret is connected once (OAuth)
 * and its files are picked from a list; otherwise the file link or id and an access token from the
 * provider's own picker are entered here. Either way the server fetches the file and holds it
 * behind a token, which POST /convert/from-cloud turns into a conversion.
 */
export function CloudImport({ formats, loading }: { formats: readonly FormatEntry[]; loading: boolean }) {
  const [providers, setProviders] = useState<Provider[]>([]);
  const [provider, setProvider] = useState<Provider | null>(null);
  const [fileId, setFileId] = useState('');
  const [accessToken, setAccessToken] = useState('');
  const form = useImportForm(formats);

  useEffect(() => {
    // Back from the provider's consent page: open the provider just connected.
    const back = new URL(window.location.href);
    const connected = back.searchParams.get('cloud_connected');
    if (connected) {
      back.searchParams.delete('cloud_connected');
      window.history.replaceState(null, '', back);
    }
    void attempt(api.GET('/api/v1/cloud/status')).then((r) => {
      const configured = r.ok ? r.data.providers.filter((p) => p.configured) : [];
      setProviders(configured);
      setProvider(configured.find((p) => p.id === connected) ?? null);
    });
  }, []);

  if (providers.length === 0) return null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!provider) return;
    const body = provider.id === 's3' ? { file_id: fileId } : { file_id: fileId, access_token: accessToken };
    await form.start(async () => {
      const held = await attempt(
        api.POST('/api/v1/cloud/{provider}/download', { params: { path: { provider: provider.id } }, body }),
      );
      if (!held.ok) return held;
      return attempt(
        api.POST('/api/v1/convert/from-cloud', { body: { token: held.data.token, target_format: form.target } }),
      );
    });
  }

  return (
    <div className="flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800" data-testid="cloud-import">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">Import from…</span>
        {providers.map((p) => (
          <button
            key={p.id}
            type="button"
            data-testid={`cloud-${p.id}`}
            aria-pressed={provider?.id === p.id}
            onClick={() => setProvider(p)}
            className={buttonStyles.secondary}
          >
            {p.name}
          </button>
        ))}
      </div>
      {provider?.connectable && isOAuth(provider) && (
        <CloudConnection
          key={provider.id}
          provider={provider}
          formats={formats}
          loading={loading}
          onDisconnected={() => {
            const off = { ...provider, connected: false };
            setProviders((all) => all.map((p) => (p.id === off.id ? off : p)));
            setProvider(off);
          }}
        />
      )}
      <ImportBody
        form={form}
        formats={formats}
        loading={loading}
        open={provider !== null && !provider.connectable}
        onSubmit={submit}
        label="Import and convert"
        pendingLabel="Importing…"
        resetLabel="Import another file"
      >
        {provider && (
          <>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {provider.id === 's3' ? 'Object key' : `${provider.name} file link or id`}
              <input required value={fileId} onChange={(e) => setFileId(e.target.value)} className={fieldStyle} />
            </label>
            {provider.id !== 's3' && (
              <label className="flex flex-col gap-1 text-sm font-medium">
                Access token
                <input
                  required
                  type="password"
                  value={accessToken}
                  onChange={(e) => setAccessToken(e.target.value)}
                  className={fieldStyle}
                />
              </label>
            )}
          </>
        )}
      </ImportBody>
    </div>
  );
}
