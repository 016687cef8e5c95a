import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';
import { processJobsDir } from '@/lib/engines/sandbox/job-folders';
import { EngineError } from '../sandbox/sandbox';
import { createWarmPool } from '../warm/warm-pool';
import type { WorkerSpec } from '../warm/sandboxed-worker';
import { WORKER_LOOP } from '../warm/worker-loop';
import { tessdataDir } from './languages';

// Warm OCR workers: one per engine slot (ENGINE_CONCURRENCY, one per core by default), each a
// Node process running tesseract.js in bubblewrap like the sharp workers: no network, only its
// exchange folder writable, the system's tessdata read-only. tesseract.js is WebAssembly, but a
// recognition still decodes an untrusted image (Leptonica) and can take gigabytes on a crafted
// page; in a sandboxed worker that costs a killed process, never the job worker's memory, and a
// cancel kills the recognition in flight.

/**
 * RLIMIT_AS of an OCR worker. From 16 GB V8 can reserve the WebAssembly memory's guard region
 * (≈ 10 GB of address space, no memory) and drops the bounds check on every memory access: an A4
 * page took 1.28–1.33 s of CPU instead of 1.44 s at 6 GB (bench/RESULTS.md). What the cap still
 * bounds: the wasm memory lives inside that reservation (at most 4 GB, wasm32), the rest of the
 * worker (Node, buffers) gets the other ≈ 5 GB. The worker loads one LSTM-only instance: with the
 * full legacy + LSTM build a second wasm instance failed to allocate at 16 GB.
 */
const OCR_MEMORY_LIMIT = 16 * 1024 ** 3;
const MAX_JOBS = 200;

/** A package and everything it requires at run time, as real paths (what the sandbox must see). */
function packageClosure(name: string, from: string, seen = new Map<string, string>()): Map<string, string> {
  if (seen.has(name)) return seen;
  const dir = [path.join(from, 'node_modules', name), path.join(process.cwd(), 'node_modules', name)].find((d) =>
    existsSync(d),
  );
  if (!dir) return seen; // an optional dependency that is not installed
  seen.set(name, realpathSync(dir));
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dep of Object.keys(manifest.dependencies ?? {})) packageClosure(dep, dir, seen);
  return seen;
}

let cached: { script: string; packageDir: string; binds: string[] } | undefined;
function binds() {
  if (cached) return cached;
  const dir = path.join(process.cwd(), 'lib/engines/ocr');
  const script = path.join(dir, 'worker.cjs');
  if (!existsSync(script)) throw new EngineError(`OCR worker not found at ${script}`);
  // The worker's own modules: tesseract.js's thread entry with the named build, the page reader.
  const modules = ['thread.cjs', 'page-image.cjs', 'page-decode.cjs', 'page-skew.cjs'].map((name) =>
    path.join(dir, name),
  );
  const packages = packageClosure('tesseract.js', process.cwd());
  const packageDir = packages.get('tesseract.js');
  if (!packageDir) throw new EngineError('tesseract.js is not installed');
  const node = realpathSync(process.execPath);
  cached = {
    script,
    packageDir,
    binds: [script, ...modules, WORKER_LOOP, ...(node.startsWith('/usr/') ? [] : [node]), ...packages.values()],
  };
  return cached;
}

function ocrWorkerSpec(): WorkerSpec {
  const { script, packageDir, binds: extraRoBinds } = binds();
  return {
    name: 'ocr',
    parentDir: processJobsDir(),
    command: realpathSync(process.execPath),
    args: () => ['--disallow-code-generation-from-strings', script, packageDir, tessdataDir()],
    extraRoBinds,
    memoryLimitBytes: OCR_MEMORY_LIMIT,
    startTimeoutMs: 60_000,
  };
}

const pool = createWarmPool({
  engine: 'ocr',
  size: config.engineConcurrency,
  maxJobs: MAX_JOBS,
  spec: ocrWorkerSpec,
  idle: { afterMs: 60_000, keep: 1 },
});

export const withOcrWorker = pool.withWorker;
export const warmUpOcr = pool.warmUp;
export const shutdownOcr = pool.shutdown;
export const ocrPoolStatus = pool.status;
