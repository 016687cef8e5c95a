'use client';

import { useEffect, useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { formatDateTime } from '@/components/ui/format-date';

type DeliveryJson = {
  id: string;
  event: string;
  attempt: number;
  status_code: number | null;
  success: boolean;
  error: string | null;
  duration_ms: number;
  created_at: string;
};

/** The webhook's recent delivery attempts, newest first. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const [rows, setRows] = useState<DeliveryJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const params = { path: { id: webhookId } };
    void attempt(api.GET('/api/v1/webhooks-mgmt/{id}/deliveries', { params })).then((r) => {
      if (r.ok) setRows(r.data.deliveries);
      else setError(r.message);
    });
  }, [webhookId]);

  if (error) return <p className="mt-2 text-sm text-red-700 dark:text-red-400">{error}</p>;
  if (rows === null) return <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>;
  if (rows.length === 0) return <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No deliveries yet.</p>;
  return (
    <table className="mt-3 w-full text-left text-xs" data-testid="webhook-deliveries">
      <thead>
        <tr className="text-zinc-600 dark:text-zinc-400">
          <th className="py-1">When</th>
          <th>Event</th>
          <th>Attempt</th>
          <th>Result</th>
          <th>Time</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.id} className="border-t border-zinc-100 dark:border-zinc-800">
            <td className="py-1">{formatDateTime(d.created_at)}</td>
            <td>
              <code>{d.event}</code>
            </td>
            <td>{d.attempt}</td>
            <td className={d.success ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}>
              {d.success ? `OK (${d.status_code})` : (d.error ?? `HTTP ${d.status_code}`)}
            </td>
            <td>{d.duration_ms} ms</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
