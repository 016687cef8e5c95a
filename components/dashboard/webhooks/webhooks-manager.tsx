'use client';

import { useEffect, useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { smallButton } from '@/components/dashboard/small-button';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@/lib/domain/webhook-rules';
import { WebhookDeliveries } from './webhook-deliveries';

type WebhookJson = { id: string; url: string; events: WebhookEvent[]; created_at: string };
type CreatedJson = WebhookJson & { secret: string };

const field =
  'h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

/** Add (the secret is shown once), list and delete webhooks, and see each one's recent deliveries. */
export function WebhooksManager() {
  const [hooks, setHooks] = useState<WebhookJson[] | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [created, setCreated] = useState<CreatedJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    void attempt(api.GET('/api/v1/webhooks-mgmt')).then((r) => {
      if (r.ok) setHooks(r.data.webhooks);
      else setError(r.message);
    });
  }, []);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    const r = await attempt(api.POST('/api/v1/webhooks-mgmt', { body: { url, events } }));
    setPending(false);
    if (!r.ok) return setError(r.message);
    setCreated(r.data);
    const { secret: _secret, ...listed } = r.data;
    void _secret;
    setHooks((list) => [listed, ...(list ?? [])]);
    setUrl('');
  }

  async function remove(id: string) {
    const r = await attempt(api.DELETE('/api/v1/webhooks-mgmt/{id}', { params: { path: { id } } }));
    if (!r.ok && r.error.status !== 404) return setError(r.message);
    setHooks((list) => (list ?? []).filter((h) => h.id !== id));
    if (created?.id === id) setCreated(null);
  }

  const toggle = (event: WebhookEvent) =>
    setEvents((list) => (list.includes(event) ? list.filter((x) => x !== event) : [...list, event]));

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={(e) => void add(e)} className="flex flex-col gap-3" data-testid="webhook-form">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Endpoint URL
          <input
            className={field}
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/hooks/transmute"
            data-testid="webhook-url"
          />
        </label>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 font-medium">Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2">
              <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} />
              <code>{event}</code>
            </label>
          ))}
        </fieldset>
        <div>
          <button
            type="submit"
            className={smallButton.primary}
            disabled={pending || events.length === 0}
            data-testid="webhook-add"
          >
            {pending ? 'Adding…' : 'Add webhook'}
          </button>
        </div>
      </form>

      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="webhook-error">
          {error}
        </p>
      )}

      {created && (
        <div
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-amber-950/40"
          data-testid="webhook-secret"
        >
          <p className="font-medium">Signing secret for {created.url}: copy it now, it is not shown again.</p>
          <code className="mt-2 block break-all select-all">{created.secret}</code>
          <button type="button" className={`${smallButton.secondary} mt-3`} onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      )}

      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold tracking-tight">Your webhooks</h2>
        {hooks === null ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>
        ) : hooks.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No webhooks yet.</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="webhook-list">
            {hooks.map((hook) => (
              <li key={hook.id} className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-mono text-sm">{hook.url}</p>
                    <p className="text-xs text-zinc-600 dark:text-zinc-400">{hook.events.join(', ')}</p>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className={smallButton.secondary}
                      onClick={() => setOpen(open === hook.id ? null : hook.id)}
                      aria-expanded={open === hook.id}
                    >
                      Deliveries
                    </button>
                    <button type="button" className={smallButton.danger} onClick={() => void remove(hook.id)}>
                      Delete
                    </button>
                  </div>
                </div>
                {open === hook.id && <WebhookDeliveries webhookId={hook.id} />}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
