// Reads the `[phases]` lines the services log with PHASE_TIMINGS=1 and LOG_FORMAT=json (lib/system/phase-timings.ts)
// and summarises where a run's conversions spent their time, including the hand-overs between
// processes (web enqueues → worker picks up; worker notifies → web hears).
import { readFileSync } from 'node:fs';

type Record_ = { scope: string; id?: string; at: number; ms: Record<string, number> };

function read(log: string): Record_[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{') && l.includes('"[phases]"'))
    .map((l) => (JSON.parse(l) as { phases: Record_ }).phases);
}

const sum = (ms: Record<string, number>, upTo?: string) => {
  let total = 0;
  for (const [k, v] of Object.entries(ms)) {
    total += v;
    if (k === upTo) break;
  }
  return total;
};

/** Mean ms of each phase over the given conversion ids, as `scope.phase: ms` lines. */
export function serverPhases(webLog: string, workerLog: string, ids: Iterable<number>): string {
  const wanted = new Set([...ids].map(String));
  const web = read(webLog).filter((r) => r.id && wanted.has(r.id));
  const worker = read(workerLog).filter((r) => r.id && wanted.has(r.id));
  const means = new Map<string, number[]>();
  const add = (k: string, v: number) => means.set(k, [...(means.get(k) ?? []), v]);
  const byId = (rs: Record_[], scope: string) => new Map(rs.filter((r) => r.scope === scope).map((r) => [r.id!, r]));
  const uploads = byId(web, 'upload');
  const jobs = byId(worker, 'job');
  const heard = byId(web, 'heard-completed');
  for (const r of [...web, ...worker]) for (const [k, v] of Object.entries(r.ms)) add(`${r.scope}.${k}`, v);
  for (const [id, job] of jobs) {
    const upload = uploads.get(id);
    if (upload) add('hand-over: enqueued → worker has the job', job.at - (upload.at + sum(upload.ms, 'enqueue')));
    const h = heard.get(id);
    if (h) add('hand-over: completed → web hears the notify', h.at - (job.at + sum(job.ms, 'complete')));
  }
  return [...means].map(([k, v]) => `${k}: ${(v.reduce((a, b) => a + b, 0) / v.length).toFixed(1)} ms`).join(', ');
}
