import { Card } from '@/components/dashboard/card';
import { formatBytes } from '@/components/ui/format-bytes';
import type { ServiceOverviewJson } from './types';

type Disk = { total_bytes: number; free_bytes: number };

/** A filesystem's space as a bar: Transmute's files (when known), other use, free. */
function DiskBar({ label, disk, ours }: { label: string; disk: Disk; ours?: number }) {
  const used = Math.max(disk.total_bytes - disk.free_bytes, 0);
  const oursShown = ours === undefined ? 0 : Math.min(ours, used);
  const pct = (n: number) => (disk.total_bytes > 0 ? (n / disk.total_bytes) * 100 : 0);
  const usedPct = Math.round(pct(used));
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-zinc-600 tabular-nums dark:text-zinc-400">
          {formatBytes(disk.free_bytes)} free of {formatBytes(disk.total_bytes)}
        </span>
      </div>
      <div
        role="meter"
        aria-label={`${label}: space used`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={usedPct}
        aria-valuetext={`${usedPct}% used, ${formatBytes(disk.free_bytes)} free`}
        className="flex h-3 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        {ours !== undefined && (
          <div className="bg-brand-600 dark:bg-brand-400" style={{ width: `${pct(oursShown)}%` }} />
        )}
        <div
          className={usedPct >= 90 ? 'bg-red-500' : 'bg-zinc-400 dark:bg-zinc-500'}
          style={{ width: `${pct(used - oursShown)}%` }}
        />
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        {ours !== undefined && (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-full bg-brand-600 dark:bg-brand-400" />
            Transmute&apos;s files {formatBytes(ours)}
          </span>
        )}
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-zinc-400 dark:bg-zinc-500" />
          {ours !== undefined ? 'Other use' : 'Used'} {formatBytes(used - oursShown)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-2.5 rounded-full bg-zinc-200 ring-1 ring-zinc-300 dark:bg-zinc-800 dark:ring-zinc-700"
          />
          Free {formatBytes(disk.free_bytes)}
        </span>
      </p>
    </div>
  );
}

export function StoragePanel({ storage }: { storage: ServiceOverviewJson['storage'] }) {
  return (
    <Card
      title="Storage"
      testId="service-storage"
      description={
        storage.driver === 'local'
          ? 'Files are stored on local disk.'
          : 'Files are stored in S3: the bucket’s free space is not known here.'
      }
    >
      <p className="text-sm">
        Stored files: <strong data-testid="storage-used">{formatBytes(storage.used_bytes)}</strong>{' '}
        <span className="text-zinc-500 dark:text-zinc-400">(inputs, results and uploads, from their records)</span>
      </p>
      {storage.store_disk && <DiskBar label="Stored files’ disk" disk={storage.store_disk} ours={storage.used_bytes} />}
      <DiskBar label="DATA_DIR’s disk (job folders)" disk={storage.data_dir_disk} />
    </Card>
  );
}
