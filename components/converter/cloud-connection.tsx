'use client';

import type { components } from '@transmute/client';
import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { api, attempt } from '@/components/api/browser-client';
import { errorInfo } from './api-errors';
import { CloudPicker } from './cloud-picker';
import { ErrorAlert } from './error-alert';
import type { ErrorInfo, FormatEntry } from './types';

type Provider = { id: components['schemas']['CloudOAuthProvider']; name: string; connected: boolean };

/**
 * A provider the person connects (OAuth 2.0 on the provider's own page): "Connect" until then,
 * afterwards the file picker and "Disconnect", which deletes the stored tokens.
 */
export function CloudConnection({
  provider,
  formats,
  loading,
  onDisconnected,
}: {
  provider: Provider;
  formats: readonly FormatEntry[];
  loading: boolean;
  onDisconnected: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);

  async function connect() {
    setPending(true);
    setError(null);
    const started = await attempt(
      api.POST('/api/v1/cloud/{provider}/connect', { params: { path: { provider: provider.id } } }),
    );
    if (started.ok) window.location.assign(started.data.authorize_url);
    else {
      setPending(false);
      setError(errorInfo(started.error));
    }
  }

  async function disconnect() {
    setPending(true);
    setError(null);
    const done = await attempt(
      api.DELETE('/api/v1/cloud/{provider}/connection', { params: { path: { provider: provider.id } } }),
    );
    setPending(false);
    if (done.ok) onDisconnected();
    else setError(errorInfo(done.error));
  }

  return (
    <div className="flex flex-col gap-3" data-testid={`cloud-connection-${provider.id}`}>
      {provider.connected ? (
        <>
          <CloudPicker provider={provider} formats={formats} loading={loading} />
          <button
            type="button"
            disabled={pending}
            onClick={() => void disconnect()}
            className={`${buttonStyles.secondary} self-start`}
            data-testid="cloud-disconnect"
          >
            Disconnect {provider.name}
          </button>
        </>
      ) : (
        <button
          type="button"
          disabled={pending}
          onClick={() => void connect()}
          className={`${buttonStyles.primary} self-start`}
          data-testid="cloud-connect"
        >
          {pending ? 'Opening…' : `Connect ${provider.name}`}
        </button>
      )}
      {error && <ErrorAlert error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}
