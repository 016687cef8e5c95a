import { Badge } from '@/components/dashboard/badge';
import { Card } from '@/components/dashboard/card';
import { AdminCell, AdminRow, AdminTable } from './admin-table';
import type { ServiceOverviewJson } from './types';

export function ConfigurationPanel({ entries }: { entries: ServiceOverviewJson['configuration'] }) {
  const groups = [...new Set(entries.map((e) => e.group))];
  return (
    <Card
      title="Configuration"
      testId="service-configuration"
      description="Every variable as this web process reads it. Secrets show only whether they are set."
    >
      <div className="flex flex-col gap-2">
        {groups.map((group) => {
          const rows = entries.filter((e) => e.group === group);
          const set = rows.filter((e) => e.set).length;
          return (
            <details
              key={group}
              open={set > 0}
              className="group rounded-xl border border-zinc-200 dark:border-zinc-800"
              data-testid="config-group"
            >
              <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 text-sm font-semibold select-none">
                <span>{group}</span>
                <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">
                  {set} of {rows.length} set
                </span>
              </summary>
              <div className="border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
                <AdminTable label={`${group} settings`} columns={['Variable', 'Value', 'Default']}>
                  {rows.map((e) => (
                    <AdminRow key={e.name} testId="config-row" data={{ 'data-name': e.name }}>
                      <AdminCell label="Variable" primary>
                        <code className="font-mono text-xs font-semibold wrap-anywhere">{e.name}</code>
                      </AdminCell>
                      <AdminCell label="Value" testId="config-value">
                        {e.secret ? (
                          <Badge tone={e.set ? 'success' : 'neutral'}>{e.set ? 'secret set' : 'not set'}</Badge>
                        ) : e.value !== null ? (
                          <code className="font-mono text-xs wrap-anywhere">{e.value}</code>
                        ) : (
                          <span className="text-xs text-zinc-500 dark:text-zinc-400">default</span>
                        )}
                      </AdminCell>
                      <AdminCell label="Default">
                        <span className="text-xs break-words text-zinc-600 dark:text-zinc-400">{e.default}</span>
                      </AdminCell>
                    </AdminRow>
                  ))}
                </AdminTable>
              </div>
            </details>
          );
        })}
      </div>
    </Card>
  );
}
