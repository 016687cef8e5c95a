import { formatBytes } from '@/components/ui/format-bytes';
import { UNLIMITED, formatRetention, type LimitsJson } from './format';

const number = new Intl.NumberFormat('en-US');
const count = (value: number | null) => (value === null ? UNLIMITED : number.format(value));
const size = (bytes: number | null) => (bytes === null ? UNLIMITED : formatBytes(bytes));
const team = (size: number | null) => (size === null ? UNLIMITED : size <= 0 ? 'None' : `Up to ${number.format(size)}`);

/** The rows of a plan's limits, as shown on /pricing and in the dashboard. */
function limitRows(limits: LimitsJson): Array<{ key: string; label: string; value: string }> {
  return [
    { key: 'daily_conversions', label: 'Conversions per day', value: count(limits.daily_conversions) },
    { key: 'max_upload_bytes', label: 'Largest upload', value: size(limits.max_upload_bytes) },
    { key: 'files_per_batch', label: 'Files per batch', value: count(limits.files_per_batch) },
    { key: 'merge_files', label: 'Files merged into one PDF', value: count(limits.merge_files) },
    { key: 'retention_hours', label: 'Results kept for', value: formatRetention(limits.retention_hours) },
    { key: 'rate_limit_per_minute', label: 'Requests per minute', value: count(limits.rate_limit_per_minute) },
    { key: 'team_size', label: 'Team members', value: team(limits.team_size) },
    { key: 'api_access', label: 'API keys', value: limits.api_access ? 'Included' : 'Not included' },
  ];
}

export function PlanLimitsList({ limits, testId }: { limits: LimitsJson; testId?: string }) {
  return (
    <dl className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800" data-testid={testId}>
      {limitRows(limits).map((row) => (
        <div key={row.key} className="flex items-baseline justify-between gap-4 py-2" data-limit={row.key}>
          <dt className="text-zinc-600 dark:text-zinc-400">{row.label}</dt>
          <dd
            className={`text-right font-medium tabular-nums ${row.value === 'Not included' ? 'text-zinc-500 dark:text-zinc-400' : ''}`}
          >
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
