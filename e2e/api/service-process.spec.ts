import { readdir, readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { METRICS_PORT } from '../../playwright.config';

// The running service as scripts/run-services.sh starts it: one Node process, given the
// environment of scripts/services.env.

/** The pid of the e2e service's process: the one whose environment names this run's METRICS_PORT. */
async function servicePid(): Promise<number> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  for (const pid of pids) {
    try {
      const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
      if (!cmdline.includes('dist/server.mjs') || !cmdline.includes('--with-worker')) continue;
      const environ = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      if (environ.includes(`METRICS_PORT=${METRICS_PORT}`)) return Number(pid);
    } catch {
      // a process that ended while we looked, or another user's
    }
  }
  throw new Error(`no dist/server.mjs --with-worker with METRICS_PORT=${METRICS_PORT}`);
}

test('allocates with jemalloc (scripts/services.env)', async () => {
  const maps = await readFile(`/proc/${await servicePid()}/maps`, 'utf8');
  expect(maps).toContain('/node'); // the reading sees what the process mapped
  expect(maps).toMatch(/\/libjemalloc\.so\.2$/m);
});
