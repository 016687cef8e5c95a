'use client';

import { useRef, useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { ApiKeyList } from './api-key-list';
import { ConfirmDialog } from './confirm-dialog';
import { CreateKeyForm } from './create-key-form';
import { NewKeySecret } from './new-key-secret';
import { PlanRequiredNotice } from './plan-required-notice';
import type { ApiKeyJson, CreatedApiKeyJson } from './types';

type Deleting = { key: ApiKeyJson; pending: boolean; error?: string };

/** Create, list and delete API keys; the list starts from the server-rendered one. */
export function ApiKeysManager({ initialKeys, apiAccess }: { initialKeys: ApiKeyJson[]; apiAccess: boolean }) {
  const [keys, setKeys] = useState(initialKeys);
  const [created, setCreated] = useState<CreatedApiKeyJson | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);

  function onCreated(key: CreatedApiKeyJson) {
    setCreated(key);
    const { secret: _secret, ...listed } = key;
    void _secret;
    setKeys((list) => [listed, ...list]);
    setAnnouncement(`API key ${key.name} created.`);
  }

  async function confirmDelete() {
    if (!deleting) return;
    const { key } = deleting;
    setDeleting({ key, pending: true });
    const result = await attempt(api.DELETE('/api/v1/api-keys/{id}', { params: { path: { id: key.id } } }));
    // 404: it is gone already (deleted in another tab), which is what was asked for.
    if (!result.ok && result.error.status !== 404) {
      setDeleting({ key, pending: false, error: result.message });
      return;
    }
    setKeys((list) => list.filter((k) => k.id !== key.id));
    if (created?.id === key.id) setCreated(null);
    setDeleting(null);
    setAnnouncement(`API key ${key.name} deleted.`);
    listHeading.current?.focus();
  }

  const canCreate = apiAccess && planError === null;

  return (
    <div className="flex flex-col gap-6">
      {!canCreate && <PlanRequiredNotice message={planError ?? undefined} fromServer={planError !== null} />}
      {canCreate && <CreateKeyForm onCreated={onCreated} onPlanRequired={setPlanError} />}
      {created && <NewKeySecret apiKey={created} onDone={() => setCreated(null)} />}

      <div className="flex flex-col gap-3">
        <h2
          ref={listHeading}
          tabIndex={-1}
          className="rounded text-lg font-semibold tracking-tight focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          Your keys
        </h2>
        {!apiAccess && keys.length > 0 && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            These keys stop working while your account is on the Free plan; they work again after an upgrade.
          </p>
        )}
        <ApiKeyList keys={keys} onDelete={(key) => setDeleting({ key, pending: false })} />
      </div>

      <p role="status" className="sr-only" data-testid="api-keys-status">
        {announcement}
      </p>

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the API key “${deleting?.key.name ?? ''}”?`}
        confirmLabel="Delete key"
        pending={deleting?.pending}
        error={deleting?.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting((d) => (d?.pending ? d : null))}
        testId="delete-key-dialog"
      >
        <p>
          Scripts and apps using <code className="font-mono">{deleting?.key.prefix}…</code> stop working at once. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
