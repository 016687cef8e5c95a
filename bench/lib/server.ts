// Starts the already-built app and the job worker for a benchmark as production does
// (scripts/run-services.sh: plain `node` on the scripts compiled into dist/, Next on the built .next),
// and stops them. Runs no `next build` (run it first); compiles the scripts, as scripts/start.sh does.
// BENCH_ALL_IN_ONE=1 starts the all-in-one mode instead (scripts/run-services.sh today): one web
// process that runs the worker too (`dist/server.mjs --with-worker`); by default the two roles of a
// scale-out, web and worker apart.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { databaseUrlFor } from '../../scripts/database-url';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The dev database scripts/start.sh recorded (or DATABASE_URL). */
const devDatabaseUrl = () => databaseUrlFor(path.join(ROOT, '.data'));
const BENCH_DB_NAME = 'transmute_bench';
/** Whether the worker runs inside the web process (BENCH_ALL_IN_ONE=1). */
export const ALL_IN_ONE = process.env.BENCH_ALL_IN_ONE === '1';

/** scripts/services.env: the environment scripts/run-services.sh gives the web server and worker. */
function servicesEnv(): Record<string, string> {
  const lines = readFileSync(path.join(ROOT, 'scripts/services.env'), 'utf8').split('\n');
  return Object.fromEntries(
    lines.map((line) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line)).flatMap((m) => (m ? [[m[1], m[2]]] : [])),
  );
}

export type BenchServer = {
  baseUrl: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  /** PID of the web server process we spawned (the root of the web process tree). */
  webRootPid: number;
  /** PID of the worker process we spawned (the root of the worker process tree); in the all-in-one
   * mode the web process's, which runs the worker. */
  workerRootPid: number;
  /** PID of the largest process in the web tree (the `next-server` actually serving). */
  webPid(): number;
  /** Resident set size of the whole web process tree, in bytes. */
  webRss(): number;
  /** The file a service's stdout and stderr go to (in the all-in-one mode one file for both roles). */
  logOf(role: 'web' | 'worker'): string;
  stop(): Promise<void>;
};

/** VmRSS of one process in bytes (0 once it is gone). */
export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The PID and all its descendants, read from /proc/<pid>/stat. */
/** The parent's PID (0 once the process has exited). */
export function parentPid(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0; // the process exited meanwhile
  }
}

export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = parentPid(Number(entry));
    if (ppid) children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

async function freePort(from = 3300, to = 3399): Promise<number> {
  for (let port = from + Math.floor(Math.random() * 20); port <= to; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.createServer().once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/**
 * The benchmark's own database on the same server (created and migrated when missing), so a dev
 * worker polling the shared pg-boss queue cannot take our jobs. BENCH_SHARED_DB=1 uses DATABASE_URL as is.
 */
async function benchDatabase(): Promise<string> {
  const base = devDatabaseUrl();
  if (process.env.BENCH_SHARED_DB === '1') return base;
  const url = new URL(base);
  url.pathname = `/${BENCH_DB_NAME}`;
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${BENCH_DB_NAME}`);
  } finally {
    await client.end();
  }
  const migrate = spawnSync('npx', ['prisma', 'migrate', 'deploy'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url.href },
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`prisma migrate deploy failed:\n${migrate.stdout}${migrate.stderr}`);
  return url.href;
}

/** dist/*.mjs from scripts/*.ts with scripts/build-if-needed.sh's own `compile_scripts` (esbuild, ~0.1 s). */
function compileScripts(): void {
  const r = spawnSync('bash', ['-c', 'source scripts/build-if-needed.sh && compile_scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`compiling scripts/*.ts failed:\n${r.stdout}${r.stderr}`);
}

function launch(args: string[], env: NodeJS.ProcessEnv, log: string): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = createWriteStream(log);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return child;
}

/** Exits with a hint when there is no production build to start. */
export function assertBuilt(): void {
  if (existsSync(path.join(ROOT, '.next/BUILD_ID'))) return;
  console.error('No production build (.next/BUILD_ID missing): run `npx next build` in the repository first.');
  process.exit(2);
}

export async function startServer(
  extraEnv: Record<string, string> = {},
  extraNodeArgs: string[] = [],
  allInOne = ALL_IN_ONE,
): Promise<BenchServer> {
  assertBuilt();
  compileScripts();
  const databaseUrl = await benchDatabase();
  const port = await freePort();
  mkdirSync(path.join(ROOT, '.data/bench'), { recursive: true });
  const dataDir = mkdtempSync(path.join(ROOT, '.data/bench/run-'));
  const env: NodeJS.ProcessEnv = {
    ...servicesEnv(),
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // Anonymous callers are on Free: lift its limits so they do not throttle the benchmark.
    PLAN_FREE_MAX_UPLOAD_BYTES: 'unlimited',
    PLAN_FREE_RATE_PER_MINUTE: 'unlimited',
    PLAN_FREE_DAILY_CONVERSIONS: 'unlimited',
    ...extraEnv,
  };
  // The web server (Next behind the address-recording HTTP server) and the worker, each one plain
  // node process, or one process for both. BENCH_NODE_ARGS adds flags to each (e.g. --expose-gc, --cpu-prof).
  const nodeArgs = [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), ...extraNodeArgs];
  const web = launch(
    [...nodeArgs, 'dist/server.mjs', ...(allInOne ? ['--with-worker'] : [])],
    { ...env, PORT: String(port), HOST: '127.0.0.1' },
    path.join(dataDir, 'web.log'),
  );
  const worker = allInOne ? web : launch([...nodeArgs, 'dist/worker.mjs'], env, path.join(dataDir, 'worker.log'));
  const children = allInOne ? [web] : [web, worker];
  const logOf = (role: 'web' | 'worker') => path.join(dataDir, `${allInOne ? 'web' : role}.log`);
  const baseUrl = `http://127.0.0.1:${port}`;

  const webPid = () => {
    let best = web.pid!;
    for (const pid of processTree(web.pid!)) if (rssOf(pid) > rssOf(best)) best = pid;
    return best;
  };
  const stop = async () => {
    const pids = children.flatMap((c) => (c.pid ? processTree(c.pid) : []));
    // The worker process itself gets one SIGTERM (a second one, e.g. to its whole group, makes it
    // exit before it has removed LibreOffice's temp profile); the web server's group is signalled,
    // or the web process alone when it runs the worker.
    if (worker.pid && worker.exitCode === null) tryKill(worker.pid, 'SIGTERM');
    if (web.pid && web.exitCode === null && !allInOne) tryKill(-web.pid, 'SIGTERM');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && pids.some(alive)) await sleep(100);
    for (const pid of pids.filter(alive)) tryKill(pid, 'SIGKILL');
    if (process.env.BENCH_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    const exited = children.find((c) => c.exitCode !== null);
    if (exited || Date.now() > deadline) {
      const tail = (f: string) =>
        existsSync(path.join(dataDir, f)) ? readFileSync(path.join(dataDir, f), 'utf8').slice(-2000) : '';
      const logs = [...new Set([logOf('web'), logOf('worker')])]
        .map((f) => `--- ${path.basename(f)}\n${tail(path.basename(f))}`)
        .join('\n');
      process.env.BENCH_KEEP_DATA = '1';
      await stop();
      throw new Error(`${exited ? 'a service exited' : 'health check timed out'} (logs in ${dataDir}):\n${logs}`);
    }
    const ok = await fetch(`${baseUrl}/api/v1/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok && workerReady(logOf('worker'))) break;
    await sleep(250);
  }
  return {
    baseUrl,
    port,
    dataDir,
    databaseUrl,
    webRootPid: web.pid!,
    workerRootPid: worker.pid!,
    webPid,
    webRss: () => processTree(web.pid!).reduce((s, p) => s + rssOf(p), 0),
    logOf,
    stop,
  };
}

function workerReady(log: string): boolean {
  return existsSync(log) && readFileSync(log, 'utf8').includes('[worker] ready');
}

/** Whether the process still runs (a zombie waiting to be reaped does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function tryKill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
