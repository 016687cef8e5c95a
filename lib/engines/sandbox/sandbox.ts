import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { config } from '@/lib/config';
import { errorBrand } from '@/lib/errors';
import { sandboxRefusal, sandboxStatus } from './sandbox-status';

// Every engine program runs here: no network, no view of the disk beyond its job folder
// (plus read-only system files), an empty environment, a memory cap, a time limit, and on
// timeout/cancel the whole sandbox dies at once (see killTree).

/** Engine failure that is not the user's fault (crash, timeout, cancel). Not an AppError on purpose. */
export class EngineError extends Error {
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  /** No engine can run in this process (lib/engines/sandbox/sandbox-status.ts): retrying cannot help. */
  readonly sandboxUnavailable: boolean;
  constructor(
    message: string,
    opts: { timedOut?: boolean; cancelled?: boolean; sandboxUnavailable?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'EngineError';
    this.timedOut = opts.timedOut ?? false;
    this.cancelled = opts.cancelled ?? false;
    this.sandboxUnavailable = opts.sandboxUnavailable ?? false;
    engineErrorBrand.mark(this);
  }
}
const engineErrorBrand = errorBrand<EngineError>('EngineError');

export type SandboxSpec = {
  command: string;
  args: readonly string[];
  /** The only writable (and the only non-system) folder the program sees, at the same path. */
  workDir: string;
  /**
   * What the program sees of the system, read-only at the same paths (missing ones skipped).
   * Default FULL_SYSTEM_VIEW: all of /usr. An engine that reads files named inside documents
   * (LibreOffice) gets an allow-list instead, so there is nothing outside its install to read.
   */
  systemView?: readonly string[];
  /** Extra read-only paths, bound at the same path (e.g. the bridge script); these must exist. */
  extraRoBinds?: readonly string[];
  /** RLIMIT_AS for the program and its children (prlimit --as). */
  memoryLimitBytes?: number;
  /** RLIMIT_FSIZE: largest file the program may write (default 4 GiB), so a runaway output cannot fill the disk. */
  fileSizeLimitBytes?: number;
  /** Extra environment variables (e.g. MAGICK_CONFIGURE_PATH); never secrets. */
  env?: Readonly<Record<string, string>>;
  /**
   * Libraries the program's loader searches first (LD_PRELOAD), from searchFirst() in
   * ./library-order.ts; set inside the sandbox only, for the program alone.
   */
  searchFirst?: readonly string[];
  /**
   * The path the program sees workDir at, when not its own: a standby's folder is seen as the jobs
   * folder, for the job folder a run moves into it (./standby.ts).
   */
  seenAt?: string;
};

export type RunSandboxedOptions = SandboxSpec & {
  signal?: AbortSignal;
  timeoutMs?: number;
  onStdoutLine?: (line: string) => void;
  /** Each stderr line as it comes (the tail is kept either way). */
  onStderrLine?: (line: string) => void;
};

export type RunResult = { code: number | null; signal: NodeJS.Signals | null; stderrTail: string };

const DEFAULT_FILE_SIZE_LIMIT = 4 * 1024 ** 3;
const FULL_SYSTEM_VIEW: readonly string[] = ['/usr', '/etc/alternatives', '/etc/fonts', '/etc/ld.so.cache'];

/**
 * The argv (program + args) that runs `spec`: `prlimit` sets the limits, which bwrap and everything
 * inside the sandbox inherit, then bwrap starts the program with its environment alone.
 */
function sandboxArgv(spec: SandboxSpec): { file: string; args: string[]; cwd: string; env: Record<string, string> } {
  const limits = [`--fsize=${Math.floor(spec.fileSizeLimitBytes ?? DEFAULT_FILE_SIZE_LIMIT)}`];
  if (spec.memoryLimitBytes) limits.push(`--as=${Math.floor(spec.memoryLimitBytes)}`);
  const binPath = '/usr/bin:/bin';
  // MALLOC_ARENA_MAX: glibc reserves 64 MB of address space per thread arena, which on a
  // many-core host would trip the RLIMIT_AS cap long before real memory use does.
  const w = spec.seenAt ?? spec.workDir;
  const env = { ...spec.env, PATH: binPath, HOME: w, LANG: 'C.UTF-8', MALLOC_ARENA_MAX: '2' };
  const refusal = sandboxRefusal();
  if (refusal) throw new EngineError(refusal, { sandboxUnavailable: true });
  // The operator's explicit opt-out (lib/engines/sandbox/sandbox-status.ts): limits and an empty environment only.
  if (sandboxStatus().state === 'off')
    return { file: 'prlimit', args: [...limits, '--', spec.command, ...spec.args], cwd: spec.workDir, env };
  // Only the program gets LD_PRELOAD: prlimit and bwrap would load those libraries for nothing.
  const programEnv = spec.searchFirst?.length ? { ...env, LD_PRELOAD: spec.searchFirst.join(':') } : env;
  const bwrap = [
    '--unshare-all',
    // Run as root, bwrap keeps every capability: an engine could remount the read-only binds
    // writable (the host's /usr) or write files it may only read. None is needed.
    '--cap-drop',
    'ALL',
    '--die-with-parent',
    '--new-session',
    ...(spec.systemView ?? FULL_SYSTEM_VIEW).flatMap((p) => ['--ro-bind-try', p, p]),
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    ...(spec.extraRoBinds ?? []).flatMap((p) => ['--ro-bind', p, p]),
    '--bind',
    spec.workDir,
    w,
    '--chdir',
    w,
    '--clearenv',
    ...Object.entries(programEnv).flatMap(([k, v]) => ['--setenv', k, v]),
    '--',
    spec.command,
    ...spec.args,
  ];
  return { file: 'prlimit', args: [...limits, '--', 'bwrap', ...bwrap], cwd: spec.workDir, env: { PATH: binPath } };
}

/** Starts the sandbox in its own process group; stdin is a pipe only if asked (the LibreOffice bridge). */
export function spawnSandboxed(spec: SandboxSpec, opts: { stdin?: boolean } = {}): ChildProcess {
  const { file, args, cwd, env } = sandboxArgv(spec);
  // Only the variables sandboxArgv names: no secret from our environment reaches an engine.
  return spawn(file, args, {
    cwd,
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: [opts.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
}

/**
 * Kills the sandbox's process group. With bwrap that is enough for everything inside: bwrap
 * dies, --die-with-parent kills the sandbox's PID 1, and the kernel kills the rest of the PID
 * namespace (bwrap's --new-session puts them in another group, so a group kill alone would not).
 */
export function killTree(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

export function forEachLine(stream: Readable | null, fn: (line: string) => void): void {
  if (!stream) return;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', fn);
}

const TAIL_BYTES = 4096;

/** Runs a program in the sandbox; resolves with its exit status, rejects with EngineError on timeout/cancel. */
export function runSandboxed(opts: RunSandboxedOptions): Promise<RunResult> {
  return superviseRun(opts, () => spawnSandboxed(opts));
}

/**
 * The run of the sandbox `start()` answers (spawnSandboxed's, or a standby's: ./standby.ts) under
 * `opts`' timeout, cancel signal and output handlers.
 */
export function superviseRun(opts: RunSandboxedOptions, start: () => ChildProcess): Promise<RunResult> {
  const timeoutMs = opts.timeoutMs ?? config.engineTimeoutMs;
  return new Promise<RunResult>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new EngineError('engine run cancelled', { cancelled: true }));
    const child = start();
    let tail = '';
    let failure: EngineError | undefined;
    const stop = (err: EngineError) => {
      failure ??= err;
      killTree(child);
    };
    const timer = setTimeout(
      () => stop(new EngineError(`engine run timed out after ${timeoutMs} ms`, { timedOut: true })),
      timeoutMs,
    );
    const onAbort = () => stop(new EngineError('engine run cancelled', { cancelled: true }));
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    forEachLine(child.stderr, (line) => {
      tail = (tail + line + '\n').slice(-TAIL_BYTES);
      opts.onStderrLine?.(line);
    });
    if (opts.onStdoutLine) forEachLine(child.stdout, opts.onStdoutLine);
    else child.stdout?.resume();

    const finish = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (err) => {
      finish();
      reject(new EngineError(`could not start ${opts.command}: ${err.message}`, { cause: err }));
    });
    child.once('close', (code, signal) => {
      finish();
      if (failure) reject(failure);
      else resolve({ code, signal, stderrTail: tail });
    });
  });
}

// A counting semaphore: at most config.engineConcurrency engine runs at once in this process. On
// globalThis: Next's build holds this module once per layer, and a web process may run engines from
// two (Inngest's steps in its route, the worker started by instrumentation.ts).
type Slots = { active: number; waiting: Array<() => void> };
const SLOTS = Symbol.for('transmute.engineSlots');
const shared = globalThis as { [SLOTS]?: Slots };
const slots: Slots = (shared[SLOTS] ??= { active: 0, waiting: [] });

/** Engine runs under way in this process: the slots of withEngineSlot held now. */
export const engineRunsUnderWay = (): number => slots.active;

export async function withEngineSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (slots.active >= Math.max(1, config.engineConcurrency)) await new Promise<void>((r) => slots.waiting.push(r));
  else slots.active++;
  try {
    return await fn();
  } finally {
    const next = slots.waiting.shift();
    if (next)
      next(); // hand the slot over directly
    else slots.active--;
  }
}
