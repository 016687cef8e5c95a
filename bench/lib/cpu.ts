// CPU time (user + system) of process trees from /proc, to show which process a run's CPU went to.
import { readFileSync } from 'node:fs';
import { cmdline, processTree } from './server';

const TICK_MS = 10; // USER_HZ is 100 on Linux

export function cpuMsOf(pid: number, withExitedChildren = true): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime (fields 14–17): children that exited count too, unless asked not.
    const own = Number(f[11]) + Number(f[12]);
    return (withExitedChildren ? own + Number(f[13]) + Number(f[14]) : own) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU ms so far of each group, and the processes it was read from. */
export interface CpuGroups {
  ms: Record<string, number>;
  pids: Record<string, number[]>;
}

/**
 * CPU ms so far of each group: roots' trees, with warm engine workers split out of the worker's. A
 * process counts once, in the first tree that has it (list the benchmark's own process last).
 */
export function cpuReading(roots: Record<string, number>): CpuGroups {
  const out: CpuGroups = { ms: {}, pids: {} };
  const seen = new Set<number>();
  for (const [name, root] of Object.entries(roots)) {
    for (const pid of processTree(root)) {
      if (seen.has(pid)) continue;
      seen.add(pid);
      const engine = /engines\/(\w+)\/worker\.cjs/.exec(cmdline(pid))?.[1]; // warm engine workers on their own
      const group = engine ? `${engine} workers` : name;
      out.ms[group] = (out.ms[group] ?? 0) + cpuMsOf(pid);
      (out.pids[group] ??= []).push(pid);
    }
  }
  return out;
}

/**
 * `group N ms` per item between two readings (divided by `per`, e.g. the number of conversions). A
 * group one of whose processes ended in between (a warm worker retired after its quota of jobs)
 * has no figure: what that process spent after the first reading is gone with it.
 */
export function cpuDelta(before: CpuGroups, after: CpuGroups, per: number): string {
  return Object.keys(after.ms)
    .map((k) => {
      const ended = (before.pids[k] ?? []).some((pid) => !after.pids[k].includes(pid));
      if (ended) return `${k} n/a (one of its processes ended)`;
      return `${k} ${((after.ms[k] - (before.ms[k] ?? 0)) / per).toFixed(0)} ms`;
    })
    .join(', ');
}

/** PID of the PostgreSQL server (postmaster) behind `databaseUrl`, when it runs on this machine. */
export async function postgresPid(databaseUrl: string): Promise<number | undefined> {
  const { Client } = await import('pg');
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const status = readFileSync(`/proc/${rows[0].pid}/status`, 'utf8');
    return Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) || undefined;
  } catch {
    return undefined;
  } finally {
    await pg.end();
  }
}
