'use client';

import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { errorFromResponse, NETWORK_ERROR } from './api-errors';
import { CloudPicker } from './cloud-picker';
import { ErrorAlert } from './error-alert';
import { postJson } from './remote-job';
import type { ErrorInfo, FormatEntry } from './types';

type Provider = { id: string; name: string; connected: boolean };

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
    const started = await postJson<{ authorize_url: string }>(`/api/v1/cloud/${provider.id}/connect`, {});
    if (started.ok) window.location.assign(started.data.authorize_url);
    else {
      setPending(false);
      setError(started.error);
    }
  }

  async function disconnect() {
    setPending(true);
    setError(null);
    try {
      const res = await fetch(`/api/v1/cloud/${provider.id}/connection`, {
        method: 'DELETE',
        headers: { accept: 'application/json' },
      });
      if (res.ok) onDisconnected();
      else setError(errorFromResponse(res.status, await res.text()));
    } catch {
      setError(NETWORK_ERROR);
    } finally {
      setPending(false);
    }
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
