// The processes of the multi-process tier: web processes (tests/support/multi-process-web.ts) and
// real workers (scripts/worker.ts), each its own process group with its own DATA_DIR, all on one
// PostgreSQL and one STORAGE_DIR, as machines behind a load balancer with a shared volume. Started
// as node with tsx's loader (the tsx command's child would outlive a SIGKILL of it).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { waitFor } from '@/tests/support/wait-for';

export type ClusterProcess = {
  name: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  signal: (signal: NodeJS.Signals) => void;
};
export type WebProcess = ClusterProcess & { url: string };
/** A worker with its metrics listener: `metricsUrl`, and `/health`, `/health/live` at `origin`. */
export type WorkerProcess = ClusterProcess & { metricsUrl: string; origin: string };

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export class Cluster {
  readonly processes: ClusterProcess[] = [];
  private constructor(
    readonly root: string,
    readonly storageDir: string,
    private readonly env: Record<string, string | undefined>,
  ) {}

  /** A cluster whose processes share one STORAGE_DIR and the given environment (DATABASE_URL, limits). */
  static async create(env: Record<string, string | undefined> = {}): Promise<Cluster> {
    const root = await mkdtemp(path.join(os.tmpdir(), 'multi-process-'));
    return new Cluster(root, path.join(root, 'storage'), env);
  }

  private spawnProcess(name: string, file: string, env: Record<string, string | undefined>): ClusterProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      env: {
        ...process.env,
        DATA_DIR: path.join(this.root, name),
        STORAGE_DIR: this.storageDir,
        // What the README asks of every process of one service: the same secret.
        APP_SECRET: config.appSecret,
        LOG_FORMAT: 'json',
        ...this.env,
        ...env,
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const signal = (sig: NodeJS.Signals) => {
      try {
        process.kill(sig === 'SIGKILL' ? -child.pid! : child.pid!, sig);
      } catch {
        // already gone
      }
    };
    const started = { name, child, output: () => text, exited, signal };
    this.processes.push(started);
    return started;
  }

  async startWeb(name: string, env: Record<string, string | undefined> = {}): Promise<WebProcess> {
    const web = this.spawnProcess(name, 'tests/support/multi-process-web.ts', env);
    const ready = await waitFor(
      () => web.output(),
      (t) => /^READY /m.test(t) || web.child.exitCode !== null,
      { timeoutMs: 60_000 },
    );
    const url = ready.match(/^READY (\S+)$/m)?.[1];
    if (!url) throw new Error(`web process ${name} did not start: ${ready}`);
    return { ...web, url };
  }

  async startWorker(name: string, env: Record<string, string | undefined> = {}): Promise<WorkerProcess> {
    const port = await freePort();
    const worker = this.spawnProcess(name, 'scripts/worker.ts', { METRICS_PORT: String(port), ...env });
    await waitFor(
      () => worker.output(),
      (t) => t.includes('[worker] ready') || worker.child.exitCode !== null,
      { timeoutMs: 60_000 },
    );
    if (!worker.output().includes('[worker] ready'))
      throw new Error(`worker ${name} did not start: ${worker.output()}`);
    const origin = `http://127.0.0.1:${port}`;
    return { ...worker, metricsUrl: `${origin}/metrics`, origin };
  }

  /** The result files in the shared STORAGE_DIR, and those of them no conversion row references. */
  async storedResults(): Promise<{ results: string[]; unreferenced: string[] }> {
    const results = await readdir(path.join(this.storageDir, 'results'));
    const unreferenced = new Set(await unreferencedKeys(results.map((name) => `results/${name}`)));
    return { results, unreferenced: results.filter((name) => unreferenced.has(`results/${name}`)) };
  }

  /** Kills every process group still running and removes the cluster's folders. */
  async stop(): Promise<void> {
    for (const p of this.processes) if (p.child.exitCode === null && p.child.signalCode === null) p.signal('SIGKILL');
    await Promise.all(this.processes.map((p) => Promise.race([p.exited, new Promise((r) => setTimeout(r, 5000))])));
    await rm(this.root, { recursive: true, force: true });
  }
}

/** Of these stored result keys, those no conversion row references (left behind: orphans). */
export async function unreferencedKeys(keys: string[]): Promise<string[]> {
  const rows = await db.conversion.findMany({ where: { resultKey: { in: keys } }, select: { resultKey: true } });
  const referenced = new Set(rows.map((c) => c.resultKey));
  return keys.filter((key) => !referenced.has(key));
}

/** The JSON log lines a process wrote (LOG_FORMAT=json); other output is left out. */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** A sample's value in Prometheus's text format (labels as written, e.g. `{engine="sharp",outcome="completed"}`). */
export function sampleValue(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** A worker's count of completed sharp conversions, read from its /metrics. */
export async function completedBy(worker: WorkerProcess): Promise<number> {
  const text = await (await fetch(worker.metricsUrl)).text();
  return sampleValue(text, 'transmute_conversions_total', '{engine="sharp",outcome="completed"}');
}

/**
 * Each worker's completed count once their sum has grown by `n` since `before`: a run counts itself
 * in a lifecycle listener just after its row says completed, so the count is waited for.
 */
export const countsAfter = (workers: WorkerProcess[], before: number[], n: number) =>
  waitFor(
    () => Promise.all(workers.map(completedBy)),
    (after) => after.reduce((sum, count, i) => sum + count - before[i], 0) >= n,
    { timeoutMs: 15_000, intervalMs: 100 },
  );
