import { formatBytes } from '@/components/ui/format-bytes';

/** "photo.png (1.2 MB) → WEBP" above the progress bars. */
export function JobSummary({ fileName, size, target }: { fileName: string; size: number; target: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="min-w-0 max-w-full truncate font-semibold" data-testid="file-name" title={fileName}>
        {fileName}
      </span>
      <span className="text-zinc-500 dark:text-zinc-400">{formatBytes(size)}</span>
      <span aria-hidden="true" className="text-zinc-400">
        →
      </span>
      <span className="sr-only">converting to</span>
      <span className="rounded-md bg-brand-100 px-2 py-0.5 font-mono text-xs font-semibold text-brand-800 dark:bg-brand-900/60 dark:text-brand-200">
        {target.toUpperCase()}
      </span>
    </div>
  );
}
