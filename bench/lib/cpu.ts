// CPU time (user + system) of process trees from /proc, to show which process a run's CPU went to.
import { readFileSync } from 'node:fs';
import { cmdline, parentPid, processTree } from './server';

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

/** CPU ms so far of each group, and which group each process read was in, with its parent. */
export interface CpuGroups {
  ms: Record<string, number>;
  processes: Map<number, { group: string; parent: number }>;
}

/**
 * CPU ms so far of each group: roots' trees, with warm engine workers split out of the worker's. A
 * process counts once, in the first tree that has it (list the benchmark's own process last).
 */
export function cpuReading(roots: Record<string, number>): CpuGroups {
  const out: CpuGroups = { ms: {}, processes: new Map() };
  for (const [name, root] of Object.entries(roots)) {
    for (const pid of processTree(root)) {
      if (out.processes.has(pid)) continue;
      const engine = /engines\/(\w+)\/worker\.cjs/.exec(cmdline(pid))?.[1]; // warm engine workers on their own
      const group = engine ? `${engine} workers` : name;
      out.ms[group] = (out.ms[group] ?? 0) + cpuMsOf(pid);
      out.processes.set(pid, { group, parent: parentPid(pid) });
    }
  }
  return out;
}

/**
 * `group N ms` per item between two readings (divided by `per`, e.g. the number of conversions).
 * A process that ended in between leaves its CPU with the parent that reaped it: a group whose
 * process ended under a parent of another group (a warm worker retired after its quota of jobs)
 * has no figure, as what that process spent after the first reading left the group with it.
 */
export function cpuDelta(before: CpuGroups, after: CpuGroups, per: number): string {
  const leftTheGroup = (group: string) =>
    [...before.processes].some(
      ([pid, p]) => p.group === group && !after.processes.has(pid) && before.processes.get(p.parent)?.group !== group,
    );
  return Object.keys(after.ms)
    .map((k) =>
      leftTheGroup(k)
        ? `${k} n/a (one of its processes ended)`
        : `${k} ${((after.ms[k] - (before.ms[k] ?? 0)) / per).toFixed(0)} ms`,
    )
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
