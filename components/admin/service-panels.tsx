import { Badge } from '@/components/dashboard/badge';
import { Card } from '@/components/dashboard/card';
import { EmptyNote } from './admin-table';
import type { ServiceOverviewJson } from './types';

// The panels of /admin/service, each from one part of GET /api/v1/admin/service (storage and
// configuration have files of their own).

const okTone = (ok: boolean) => (ok ? 'success' : 'danger');

/** "42 s", "3 min", "2 h 5 min". */
function formatAge(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function HealthPanel({ health }: { health: ServiceOverviewJson['health'] }) {
  const ok = health.status === 'ok';
  return (
    <Card
      title="Health"
      testId="service-health"
      description="What GET /api/v1/health answers: the checks that decide whether this process is ready."
      actions={
        <Badge tone={okTone(ok)} testId="health-status">
          {ok ? 'Ready' : 'Degraded'}
        </Badge>
      }
    >
      <ul className="flex flex-wrap gap-2" aria-label="Checks">
        {Object.entries(health.checks).map(([name, state]) => (
          <li key={name}>
            <Badge tone={okTone(state === 'ok')} data={{ 'data-check': name }}>
              {name}: {state}
            </Badge>
          </li>
        ))}
      </ul>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Jobs run on{' '}
        {health.jobs.engine === 'embedded'
          ? 'the embedded queue (PostgreSQL)'
          : `Inngest (${health.jobs.inngest?.mode ?? 'cloud'})`}
        .
      </p>
      {health.warnings.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-amber-900 dark:text-amber-200" aria-label="Warnings">
          {health.warnings.map((w) => (
            <li key={w} className="rounded-lg bg-amber-50 px-3 py-2 dark:bg-amber-950/40">
              {w}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function QueuePanel({ queue }: { queue: ServiceOverviewJson['queue'] }) {
  return (
    <Card title="Queue" testId="service-queue" description="Conversions waiting for an engine, service-wide.">
      <dl className="grid grid-cols-2 gap-3">
        <Figure label="Waiting" value={String(queue.waiting)} testId="queue-waiting" />
        <Figure
          label="Oldest waiting"
          value={queue.waiting === 0 ? '—' : formatAge(queue.oldest_waiting_seconds)}
          testId="queue-oldest"
        />
      </dl>
      {queue.jobs && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm tabular-nums" aria-label="Embedded queue jobs">
            <thead>
              <tr className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
                <th scope="col" className="py-1.5 pr-3 font-semibold">
                  Queue
                </th>
                {['Ready', 'Active', 'Retrying', 'Failed'].map((h) => (
                  <th key={h} scope="col" className="px-1.5 py-1.5 text-right font-semibold sm:px-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {queue.jobs.map((q) => (
                <tr key={q.name} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60">
                  <th scope="row" className="py-1.5 pr-2 font-mono text-xs font-normal sm:pr-3">
                    {q.name}
                  </th>
                  {[q.ready, q.active, q.deferred, q.failed].map((n, i) => (
                    <td key={i} className="px-1.5 py-1.5 text-right last:pr-0 sm:px-2">
                      {n}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/50">
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const OUTCOMES = ['completed', 'failed', 'cancelled'] as const;

export function ConversionsPanel({ rows }: { rows: ServiceOverviewJson['conversions_24h'] }) {
  const total = (r: (typeof rows)[number]) => r.completed + r.failed + r.cancelled;
  return (
    <Card
      title="Conversions, last 24 hours"
      testId="service-conversions"
      description="By the engine that serves each pair and how the conversion ended (from the conversion rows, all processes)."
    >
      {rows.length === 0 ? (
        <EmptyNote>No conversion ended in the last 24 hours.</EmptyNote>
      ) : (
        // The number columns fit a phone (Total is left out there); a narrower screen scrolls the table.
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm tabular-nums" aria-label="Conversions by engine and outcome">
            <thead>
              <tr className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Engine
                </th>
                {OUTCOMES.map((o) => (
                  <th key={o} scope="col" className="px-1.5 py-2 text-right font-semibold capitalize sm:px-2">
                    {o}
                  </th>
                ))}
                <th scope="col" className="py-2 pl-2 text-right font-semibold max-sm:hidden">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.engine}
                  data-testid="engine-row"
                  data-engine={r.engine}
                  className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60"
                >
                  <th scope="row" className="py-2 pr-3 font-mono text-xs font-medium">
                    {r.engine}
                  </th>
                  {OUTCOMES.map((o) => (
                    <td
                      key={o}
                      data-outcome={o}
                      className={`px-1.5 py-2 text-right sm:px-2 ${o === 'failed' && r.failed > 0 ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}
                    >
                      {r[o]}
                    </td>
                  ))}
                  <td className="py-2 pl-2 text-right font-medium max-sm:hidden">{total(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
