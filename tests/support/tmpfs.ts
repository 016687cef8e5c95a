import { execFile } from 'node:child_process';
import { mkdir, statfs } from 'node:fs/promises';
import { promisify } from 'node:util';

// A small filesystem of its own for a test that fills it (disk-full behaviour). Mounting needs root:
// a test using it is skipped, with this reason, anywhere else.

const run = promisify(execFile);

export const isRoot = process.getuid?.() === 0;
export const NOT_ROOT_REASON = 'mounting a small tmpfs needs root';

/** Mounts a tmpfs of `megabytes` at `dir` (created if missing); resolves with its unmount. */
export async function mountTmpfs(dir: string, megabytes: number): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', dir]);
  return async () => {
    await run('umount', ['--lazy', dir]).catch(() => {});
  };
}

/** Bytes an unprivileged writer may still write under `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const fs = await statfs(dir);
  return fs.bavail * fs.bsize;
}
