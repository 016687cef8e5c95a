// CPU time per conversion by component, for the one-request convert (POST /api/v1/convert) of a
// 1 MP PNG to WebP by a guest at full load (BENCH_CONCURRENCY, 2: both cores busy): every
// millisecond a conversion spends outside the engine is throughput lost there. CPU time from
// /proc/<pid>/stat moves far less with other load on the machine than wall-clock rates, so this is
// the figure to compare on a busy machine.
//
// Components: the web process (Next, multipart, the row), the worker (the job: claim, copy, run,
// store, complete), the engine (the warm sharp workers in their sandboxes, separate processes),
// PostgreSQL's backends serving the benchmark's database (found in pg_stat_activity) and its other
// processes (checkpointer, WAL writer, autovacuum...). Each mode (BENCH_MODES: `all-in-one`, the
// one process of scripts/start.sh, and `split`, web and worker as two processes) is measured after
// an idle window of the same processes, whose CPU rate is subtracted (pg-boss polls on a clock, not
// per conversion); the raw figure is printed too. The floor: a bare node:http + busboy + sharp server
// fed the same multipart body, and the same server with sharp stubbed out (it answers the PNG), whose
// CPU per request is what HTTP and multipart cost any service here. With pg_stat_statements loaded
// (see bench/statements.ts) it also counts statements per conversion, less what the idle window
// ran, and prints them with the rows they returned (a fetch that found nothing returns 0).
// BENCH_PROFILE=1 also runs the all-in-one process under `node --cpu-prof` and splits its CPU per
// conversion by what ran during the timed conversions (bench/lib/cpu-profile.ts).
// Run: npx tsx bench/cpu-per-conversion.ts   (BENCH_N, 100; BENCH_WARMUP, 10; BENCH_IDLE_S, 5)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Client, timed } from './lib/client';
import { cpuMsOf, cpuReading, postgresPid } from './lib/cpu';
import { monotonicUs, profileIn, sharesByCategory } from './lib/cpu-profile';
import { startFloorServer } from './lib/floor-server';
import { isWebp, makePng, WEBP_SETTINGS } from './lib/inputs';
import { assertBuilt, processTree, sleep, startServer } from './lib/server';

const N = Number(process.env.BENCH_N ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 5);
const MODES = (process.env.BENCH_MODES ?? 'all-in-one,split').split(',');
const PROFILE = process.env.BENCH_PROFILE === '1';
const FOREIGN_KEY_CHECK = /^SELECT (1|\$\d+) FROM ONLY /;

type Figures = Record<string, number>;
type Row = { name: string; cpu: Figures; statements?: number; perSec: number };

/** The benchmark database's backends (not `admin`'s own). */
async function backendPids(admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

/** Backends of other databases on the same server (other users of it): counted nowhere. */
async function othersBackendPids(admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend'
       AND (datname IS DISTINCT FROM current_database() OR pid = pg_backend_pid())`,
  );
  return rows.map((r) => r.pid);
}

/**
 * CPU ms of each component now (see the top); backends are the ones named in `backends`, and those
 * in `others` (other databases' clients) count nowhere. A PostgreSQL process's exited children do
 * not count: the server reaps every short-lived backend, whoever's it was.
 */
function reading(
  roots: Record<string, number>,
  postmaster: number | undefined,
  backends: Set<number>,
  others: Set<number>,
): Figures {
  const out: Figures = cpuReading(roots).ms;
  if (postmaster) {
    out['PostgreSQL backends'] = 0;
    out['PostgreSQL other'] = 0;
    for (const pid of processTree(postmaster)) {
      if (others.has(pid)) continue;
      out[backends.has(pid) ? 'PostgreSQL backends' : 'PostgreSQL other'] += cpuMsOf(pid, false);
    }
  }
  return out;
}

const minus = (a: Figures, b: Figures): Figures =>
  Object.fromEntries(Object.keys(a).map((k) => [k, a[k] - (b[k] ?? 0)]));
const scaled = (a: Figures, f: number): Figures => Object.fromEntries(Object.keys(a).map((k) => [k, a[k] * f]));

async function measureMode(mode: string, png: Buffer): Promise<Row> {
  const profileDir =
    PROFILE && mode === 'all-in-one' ? mkdtempSync(path.join(os.tmpdir(), 'transmute-cpu-prof-')) : undefined;
  const server = await startServer(
    {},
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    mode === 'all-in-one',
  );
  let timedWindow: { fromUs: number; toUs: number; cpuMs: number } | undefined;
  const admin = new pg.Client({ connectionString: server.databaseUrl });
  await admin.connect();
  try {
    const client = new Client(server.baseUrl);
    await client.init();
    const made: number[] = [];
    const convert = async () => {
      const out = await client.convertInOneRequest(png, 'bench.png', 'webp');
      if (!isWebp(out.result)) throw new Error('service returned no WebP');
      made.push(out.id);
    };
    await timed(WARMUP, CONCURRENCY, convert); // engines warm, pools at their working size
    const postmaster = await postgresPid(server.databaseUrl);
    const roots: Record<string, number> =
      mode === 'all-in-one'
        ? { 'web + worker': server.webRootPid }
        : { web: server.webRootPid, worker: server.workerRootPid };
    // Past the heap's collection after a quiet spell (lib/runtime/heap-growth.ts), which would
    // otherwise fall in the idle window.
    await sleep(12_000);
    const others = async () => new Set(await othersBackendPids(admin));

    // Idle: the same processes with no conversion, for the CPU and statements they spend on a clock.
    const statements = await statementsAvailable(admin);
    if (statements) await admin.query('SELECT pg_stat_statements_reset()');
    let backends = new Set(await backendPids(admin));
    const idleStart = reading(roots, postmaster, backends, await others());
    const idleT0 = performance.now();
    await sleep(IDLE_S * 1000);
    backends = new Set([...backends, ...(await backendPids(admin))]);
    const idle = minus(reading(roots, postmaster, backends, await others()), idleStart);
    const idleMs = performance.now() - idleT0;
    const idleStatements = statements ? await statementCounts(admin) : new Map<string, Count>();

    if (statements) await admin.query('SELECT pg_stat_statements_reset()');
    backends = new Set([...backends, ...(await backendPids(admin))]);
    const before = reading(roots, postmaster, backends, await others());
    const t0 = performance.now();
    const fromUs = monotonicUs();
    const run = await timed(N, CONCURRENCY, convert);
    await sleep(1000); // the last job's completion (after its answer) lands
    const toUs = monotonicUs();
    backends = new Set([...backends, ...(await backendPids(admin))]);
    const raw = minus(reading(roots, postmaster, backends, await others()), before);
    const elapsed = performance.now() - t0;
    const net = minus(raw, scaled(idle, elapsed / idleMs));
    const perConversion = scaled(net, 1 / N);

    console.log(`\n${mode}: N=${N} at ×${CONCURRENCY}, ${((N * 1000) / run.wallMs).toFixed(2)} conversions/s`);
    console.log(`  idle CPU per second: ${fmt(scaled(idle, 1000 / idleMs))}`);
    console.log(`  raw CPU per conversion: ${fmt(scaled(raw, 1 / N))}`);
    console.log(`  CPU per conversion, idle rate subtracted: ${fmt(perConversion)}`);
    let perConversionStatements: number | undefined;
    if (statements) {
      const counts = await statementCounts(admin);
      perConversionStatements = printStatements(counts, idleStatements, elapsed / idleMs);
    }
    for (const id of made) await client.remove(id);
    timedWindow = { fromUs, toUs, cpuMs: perConversion['web + worker'] };
    return { name: mode, cpu: perConversion, statements: perConversionStatements, perSec: (N * 1000) / run.wallMs };
  } finally {
    await admin.end();
    await server.stop(); // the profile is written as the process exits
    if (profileDir && timedWindow) printProfile(profileIn(profileDir), timedWindow);
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}

/** The all-in-one process's CPU per conversion, split by the profile's shares in the timed window. */
function printProfile(file: string, { fromUs, toUs, cpuMs }: { fromUs: number; toUs: number; cpuMs: number }) {
  console.log(`  where the web + worker process's ${cpuMs.toFixed(1)} ms per conversion went (profile shares):`);
  for (const [category, share] of sharesByCategory(file, fromUs, toUs)) {
    if (share < 0.005) continue;
    console.log(
      `    ${(share * cpuMs).toFixed(2).padStart(6)} ms ${(share * 100).toFixed(1).padStart(5)} %  ${category}`,
    );
  }
}

async function statementsAvailable(admin: pg.Client): Promise<boolean> {
  const { rowCount } = await admin.query(`SELECT 1 FROM pg_settings WHERE name = 'shared_preload_libraries'
    AND setting LIKE '%pg_stat_statements%'`);
  if (!rowCount) return false;
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return true;
}

type Count = { calls: number; rows: number };

/** Calls and rows returned of each statement since the last reset (PostgreSQL's foreign-key checks left out). */
async function statementCounts(admin: pg.Client): Promise<Map<string, Count>> {
  const { rows } = await admin.query<{ calls: string; rows: string; query: string }>(
    `SELECT calls, rows, query FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND query NOT ILIKE '%pg_stat_statements%' AND query NOT ILIKE '%pg_stat_activity%'`,
  );
  const out = new Map<string, Count>();
  for (const r of rows.filter((r) => !FOREIGN_KEY_CHECK.test(r.query))) {
    const q = r.query.replace(/\s+/g, ' ').trim();
    const c = out.get(q) ?? { calls: 0, rows: 0 };
    out.set(q, { calls: c.calls + Number(r.calls), rows: c.rows + Number(r.rows) });
  }
  return out;
}

/**
 * Prints each statement's calls and rows per conversion, less the idle window's (times `idleScale`:
 * the queue's workers poll on a clock, with the same statement as a fetch for a job); returns the
 * statements per conversion.
 */
function printStatements(run: Map<string, Count>, idle: Map<string, Count>, idleScale: number): number {
  const net = [...run].map(([query, c]) => {
    const i = idle.get(query) ?? { calls: 0, rows: 0 };
    return { query, calls: (c.calls - i.calls * idleScale) / N, rows: (c.rows - i.rows * idleScale) / N };
  });
  const total = net.reduce((n, r) => n + r.calls, 0);
  const idleTotal = [...idle.values()].reduce((n, c) => n + c.calls, 0) * idleScale;
  console.log(
    `  statements per conversion: ${total.toFixed(1)}, less ${(idleTotal / N).toFixed(1)} the same time idle ` +
      'ran (calls, rows returned, statement, per conversion)',
  );
  for (const r of net.filter((r) => Math.abs(r.calls) >= 0.05).sort((a, b) => b.calls - a.calls)) {
    console.log(`    ${r.calls.toFixed(2).padStart(5)} ${r.rows.toFixed(2).padStart(6)}  ${r.query.slice(0, 100)}`);
  }
  return total;
}

async function measureFloor(name: string, stub: boolean, png: Buffer): Promise<Row> {
  const floor = await startFloorServer(WEBP_SETTINGS, stub);
  try {
    // The same multipart body the service gets (the client encodes it once per file).
    const client = new Client(`http://127.0.0.1:${floor.port}`);
    const convert = async () => {
      const out = await client.convertInOneRequest(png, 'bench.png', 'webp');
      if (!stub && !isWebp(out.result)) throw new Error('floor server: no WebP');
    };
    await timed(WARMUP, CONCURRENCY, convert);
    const before = { server: cpuMsOf(floor.pid) };
    const run = await timed(N, CONCURRENCY, convert);
    const cpu = { server: (cpuMsOf(floor.pid) - before.server) / N };
    console.log(`\n${name}: ${fmt(cpu)} per request, ${((N * 1000) / run.wallMs).toFixed(2)}/s`);
    return { name, cpu, perSec: (N * 1000) / run.wallMs };
  } finally {
    floor.stop();
  }
}

const fmt = (f: Figures) =>
  Object.entries(f)
    .map(([k, v]) => `${k} ${v.toFixed(1)} ms`)
    .join(', ');

async function main() {
  assertBuilt();
  const png = await makePng();
  console.log(`1 MP PNG (${(png.length / 1e6).toFixed(2)} MB) → WebP, one request, guest; N=${N} at ×${CONCURRENCY}`);
  const rows: Row[] = [];
  rows.push(await measureFloor('floor: node:http + busboy + sharp', false, png));
  rows.push(await measureFloor('floor, sharp stubbed: node:http + busboy', true, png));
  for (const mode of MODES) rows.push(await measureMode(mode, png));

  const engine = (f: Figures) =>
    Object.entries(f)
      .filter(([k]) => k.endsWith(' workers'))
      .reduce((s, [, v]) => s + v, 0);
  const outside = (f: Figures) =>
    Object.entries(f)
      .filter(([k]) => !k.endsWith(' workers'))
      .reduce((s, [, v]) => s + v, 0);
  console.log(
    '\n| CPU ms per conversion | web | worker | engine (sharp workers) | PostgreSQL backends | PostgreSQL other | outside the engine | statements | conversions/s |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const c = r.cpu;
    const cell = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(1));
    const web = c.server ?? c.web ?? c['web + worker'];
    const worker = c['web + worker'] !== undefined ? 'in web' : cell(c.worker);
    console.log(
      `| ${r.name} | ${cell(web)} | ${c.server !== undefined ? '—' : worker} | ${c.server !== undefined ? '—' : cell(engine(c))} | ` +
        `${cell(c['PostgreSQL backends'])} | ${cell(c['PostgreSQL other'])} | ${c.server !== undefined ? '—' : cell(outside(c))} | ` +
        `${r.statements === undefined ? '—' : r.statements.toFixed(1)} | ${r.perSec.toFixed(2)} |`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
