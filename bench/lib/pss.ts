// Proportional set sizes (a shared page counts once, split among the processes that map it): the
// memory a process tree really costs the machine.
import { readFileSync } from 'node:fs';
import { Client as PgClient } from 'pg';
import { processTree } from './server';

/** PSS of one process in bytes (0 once it is gone). */
export function pssOf(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** PSS of a process and all its descendants, and how many processes that is. */
export function treePss(root: number): { pss: number; processes: number } {
  const sizes = processTree(root)
    .map(pssOf)
    .filter((pss) => pss > 0);
  return { pss: sizes.reduce((s, p) => s + p, 0), processes: sizes.length };
}

/** PSS of the PostgreSQL server at `databaseUrl` (postmaster and all its backends): 0 when it is not on this machine. */
export async function databasePss(databaseUrl: string): Promise<number> {
  const pg = new PgClient({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const status = readFileSync(`/proc/${rows[0].pid}/status`, 'utf8');
    const postmaster = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
    return treePss(postmaster).pss;
  } catch {
    return 0; // a server on another machine or in a container
  } finally {
    await pg.end();
  }
}
