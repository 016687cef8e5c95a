import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';
import { processJobsDir } from '@/lib/engines/sandbox/job-folders';
import { EngineError } from '../sandbox/sandbox';
import { createWarmPool } from '../warm/warm-pool';
import type { WorkerSpec } from '../warm/sandboxed-worker';
import { WORKER_LOOP } from '../warm/worker-loop';

// Warm sharp workers: Node processes in bubblewrap (no network, only their exchange folder
// writable and visible besides /usr, Node, the worker script and sharp's own packages), under a
// memory cap, one job at a time, killed on crash/timeout/cancel and recycled after MAX_JOBS.
// A decoder bug or a huge image then costs a sandboxed process, never the worker's memory.

/**
 * RLIMIT_AS of a sharp worker. Measured in the sandbox (address space / resident at the peak):
 * Node + sharp idle 1.2 GB / 0.1 GB; the largest image we accept (PIXEL_LIMITS.image in ../limits.ts) to
 * WebP 1.7 / 0.5 GB, to JPEG 1.8 / 0.7 GB, to AVIF 5.3 / 2.0 GB (libaom reserves generously).
 */
const SHARP_MEMORY_LIMIT = 6 * 1024 ** 3;
const MAX_JOBS = 500;

const WORKER_CANDIDATES = [path.join(process.cwd(), 'lib/engines/sharp/worker.cjs')];

/** sharp and the packages it loads at run time (its libvips binaries among them), as real paths. */
function sharpPackageDirs(): string[] {
  const nodeModules = path.join(process.cwd(), 'node_modules');
  const sharpDir = path.join(nodeModules, 'sharp');
  if (!existsSync(sharpDir)) throw new EngineError(`sharp not found in ${nodeModules}`);
  const manifest = JSON.parse(readFileSync(path.join(sharpDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
  const names = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})];
  const found = names
    .map((name) => [path.join(sharpDir, 'node_modules', name), path.join(nodeModules, name)].find((d) => existsSync(d)))
    .filter((d): d is string => d !== undefined);
  return [sharpDir, ...found].map((d) => realpathSync(d));
}

let cachedBinds: { script: string; sharpDir: string; binds: string[] } | undefined;
function binds() {
  if (cachedBinds) return cachedBinds;
  const script = WORKER_CANDIDATES.find((p) => existsSync(p));
  if (!script) throw new EngineError(`sharp worker not found (looked in ${WORKER_CANDIDATES.join(', ')})`);
  const packages = sharpPackageDirs();
  const node = realpathSync(process.execPath);
  const extra = node.startsWith('/usr/') ? [] : [node];
  cachedBinds = { script, sharpDir: packages[0], binds: [script, WORKER_LOOP, ...extra, ...packages] };
  return cachedBinds;
}

function sharpWorkerSpec(): WorkerSpec {
  const { script, sharpDir, binds: extraRoBinds } = binds();
  return {
    name: 'sharp',
    parentDir: processJobsDir(),
    command: realpathSync(process.execPath),
    // The instance folder is named only so that its processes can be told apart (ps, tests).
    args: (dir) => ['--disallow-code-generation-from-strings', script, sharpDir, dir],
    extraRoBinds,
    memoryLimitBytes: SHARP_MEMORY_LIMIT,
    startTimeoutMs: 30_000,
  };
}

/**
 * At most ENGINE_CONCURRENCY workers (one per engine slot); beyond the first, a worker idle for a
 * minute is stopped (≈ 40 MB PSS each), and a later burst pays its start (a fraction of a second).
 */
const IDLE = { afterMs: 60_000, keep: 1 };

const pool = createWarmPool({
  engine: 'sharp',
  size: config.engineConcurrency,
  maxJobs: MAX_JOBS,
  spec: sharpWorkerSpec,
  idle: IDLE,
});

export const withSharp = pool.withWorker;
export const warmUpSharp = pool.warmUp;
export const shutdownSharp = pool.shutdown;
export const sharpPoolStatus = pool.status;
