import { mkdir, stat, statfs } from 'node:fs/promises';
import { config } from '@/lib/config';

// Readiness for a filling disk: every folder the service writes to on this machine (the stored files
// on local disk, and the job folders where engines write their results, which may be another
// filesystem), each filesystem counted once, measured against STORAGE_WARN_FREE_MB and
// STORAGE_MIN_FREE_MB before writes start failing.

export type DiskSpace = { ok: boolean; warnings: string[] };

const MB = 1_000_000;
const shown = (bytes: number) => `${Math.floor(bytes / MB)} MB`;

/** The local folders the service writes to, named as health reports them. */
function writtenFolders(): Array<{ name: string; dir: string }> {
  const folders = [{ name: 'job folders', dir: config.jobsDir }];
  if (config.storageDriver === 'local') folders.unshift({ name: 'stored files', dir: config.filesDir });
  return folders;
}

/** Free space (for unprivileged writers) of each filesystem the service writes to, against the thresholds. */
export async function checkDiskSpace(): Promise<DiskSpace> {
  const warn = config.storageWarnFreeBytes;
  const min = config.storageMinFreeBytes;
  const seen = new Map<number, { names: string[]; free: number }>();
  for (const { name, dir } of writtenFolders()) {
    await mkdir(dir, { recursive: true });
    const [{ dev }, fs] = await Promise.all([stat(dir), statfs(dir)]);
    const entry = seen.get(dev) ?? { names: [], free: fs.bavail * fs.bsize };
    entry.names.push(name);
    seen.set(dev, entry);
  }
  let ok = true;
  const warnings: string[] = [];
  for (const { names, free } of seen.values()) {
    if (free >= warn) continue;
    if (free < min) ok = false;
    const what = names.join(' and ');
    warnings.push(
      free < min
        ? `Storage space critical: ${shown(free)} free for ${what}, under the ${shown(min)} minimum (STORAGE_MIN_FREE_MB)`
        : `Storage space low: ${shown(free)} free for ${what} (warning below ${shown(warn)}, unavailable below ${shown(min)})`,
    );
  }
  return { ok, warnings };
}
