import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';
import { randomToken } from '@/lib/crypto';
import { log } from '@/lib/log/logger';
import { processJobsDir, removeRunFolder } from './job-folders';
import {
  EngineError,
  killTree,
  runSandboxed,
  type RunResult,
  type RunSandboxedOptions,
  type SandboxSpec,
  spawnSandboxed,
  superviseRun,
} from './sandbox';
import { sandboxStatus } from './sandbox-status';

// Programs started ahead of their runs. Starting ffmpeg costs some 60 ms before its main: bwrap sets
// up the sandbox and the loader maps and binds 214 libraries. A standby is a sandbox whose program
// has done all that and waits at main (./standby.c) for a run to send its arguments. Its folder is
// seen inside at the jobs folder's path, so the run's job folder, moved into it for the run, is seen
// at its own path, and it is all the program can see of the disk. Each standby serves one run, and
// each run, once over, starts one for the next; one left unused for ENGINE_IDLE_SECONDS stops, so an
// idle worker holds none, and the first run after it starts its program afresh.

/** Compiled from ./standby.c by compile_scripts (scripts/build-if-needed.sh). */
export const STANDBY_LIBRARY = path.join(process.cwd(), 'dist/engine-standby.so');
/** The longest message standby.c reads (MESSAGE_MAX there). */
const MESSAGE_MAX = 1 << 20;

type Standby = {
  command: string;
  child: ChildProcess;
  /** What it was started with (standbyKey): a run with other settings cannot use it. */
  key: string;
  folder: string;
  /** Running: a run took it, and removes its folder once the job folder is back. */
  state: 'waiting' | 'running' | 'ended';
  idleTimer?: NodeJS.Timeout;
};

// On globalThis: Next's build holds this module once per layer, and the process has one set of standbys.
const STANDBYS = Symbol.for('transmute.standbys');
const shared = globalThis as { [STANDBYS]?: { waiting: Standby[]; libraryFound?: boolean } };
const standbys = (shared[STANDBYS] ??= { waiting: [] });

/**
 * Runs `opts` in a standby started for runs like it, when one waits; else as runSandboxed does. Either
 * way, once it is over, it starts a standby for the next run, up to one per engine slot: a process
 * running one conversion at a time keeps one, two at a time two.
 */
export async function runStartedAhead(opts: RunSandboxedOptions): Promise<RunResult> {
  // Only a job folder in this process's jobs folder can be moved into a standby.
  if (path.dirname(opts.workDir) !== processJobsDir() || !usable()) return runSandboxed(opts);
  const key = standbyKey(opts);
  const taken = takeStandby(opts, key);
  try {
    return await (taken ? superviseRun(opts, taken.begin) : runSandboxed(opts));
  } finally {
    taken?.end();
    // Once the run is over, and after what its caller does next: a start beside the run would take
    // cores from it, and spawning holds the event loop for a moment.
    setImmediate(() => startStandbyFor(opts, key));
  }
}

/** Stops every waiting standby (shutdown, tests). */
export function stopStandbys(): void {
  for (const standby of [...standbys.waiting]) stop(standby);
}

/** The waiting standbys' processes (tests, diagnostics). */
export const waitingStandbys = (): Array<{ pid?: number; command: string }> =>
  standbys.waiting.map((s) => ({ pid: s.child.pid, command: s.command }));

/** Whether standbys can run here: in the sandbox (whose mounts they need), with their library built. */
const usable = (): boolean => {
  if (sandboxStatus().state !== 'ready') return false;
  if (standbys.libraryFound === undefined) {
    standbys.libraryFound = existsSync(STANDBY_LIBRARY);
    if (!standbys.libraryFound)
      log.warn({ library: STANDBY_LIBRARY }, '[engines] no standby library: each engine run starts its program afresh');
  }
  return standbys.libraryFound;
};

/** Everything of a run's sandbox a standby is started with: the program, its view, its limits, its environment. */
const standbyKey = (spec: SandboxSpec): string =>
  JSON.stringify({
    command: spec.command,
    systemView: spec.systemView,
    extraRoBinds: spec.extraRoBinds,
    memoryLimitBytes: spec.memoryLimitBytes,
    fileSizeLimitBytes: spec.fileSizeLimitBytes,
    env: spec.env,
    searchFirst: spec.searchFirst,
  });

/** The directory and the arguments, each ended by NUL, as standby.c reads them; undefined if they cannot be sent. */
function standbyMessage(dir: string, args: readonly string[]): Buffer | undefined {
  const strings = [dir, ...args];
  // An argument holding NUL would arrive as two: such a run is refused where spawn refuses it.
  if (strings.some((s) => s.includes('\0'))) return undefined;
  const message = Buffer.from(strings.map((s) => `${s}\0`).join(''));
  return message.length < MESSAGE_MAX ? message : undefined;
}

/** A waiting standby started as `key`, `opts`' job folder moved into it; undefined when none can take the run. */
function takeStandby(opts: RunSandboxedOptions, key: string) {
  const message = standbyMessage(opts.workDir, opts.args);
  const standby = message
    ? standbys.waiting.find((s) => s.key === key && s.child.exitCode === null && !s.child.signalCode)
    : undefined;
  if (!standby) return undefined;
  const lentAt = path.join(standby.folder, path.basename(opts.workDir));
  try {
    renameSync(opts.workDir, lentAt);
  } catch (e) {
    stop(standby);
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // the run itself reports it
    throw new EngineError(`the job folder could not be handed to a standby: ${(e as Error).message}`, { cause: e });
  }
  standbys.waiting.splice(standbys.waiting.indexOf(standby), 1);
  clearTimeout(standby.idleTimer);
  standby.state = 'running';
  return {
    begin: (): ChildProcess => {
      standby.child.stdin?.end(message);
      return standby.child;
    },
    /** After the run (or a run that never began): the job folder back at its path, the standby gone. */
    end: (): void => {
      standby.state = 'ended';
      killTree(standby.child);
      renameSync(lentAt, opts.workDir);
      removeStandbyFolder(standby.folder);
    },
  };
}

/**
 * Starts one standby for runs like `spec` (a run that ended makes room for the next), unless as many
 * wait as the process runs engines at once; stops those started for other runs.
 */
function startStandbyFor(spec: SandboxSpec, key: string): void {
  for (const other of standbys.waiting.filter((s) => s.key !== key)) stop(other);
  if (standbys.waiting.length >= Math.max(1, config.engineConcurrency)) return;
  const standby = startStandby(spec, key);
  if (standby) standbys.waiting.push(standby);
}

function startStandby(spec: SandboxSpec, key: string): Standby | undefined {
  const folder = path.join(processJobsDir(), `standby-${randomToken(6)}`);
  let child: ChildProcess;
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    child = spawnSandboxed(
      {
        ...spec,
        args: [],
        workDir: folder,
        seenAt: processJobsDir(),
        extraRoBinds: [...(spec.extraRoBinds ?? []), STANDBY_LIBRARY],
        searchFirst: [STANDBY_LIBRARY, ...(spec.searchFirst ?? [])],
      },
      { stdin: true },
    );
  } catch (e) {
    log.warn({ err: e, command: spec.command }, '[engines] a standby could not be started');
    removeStandbyFolder(folder);
    return undefined;
  }
  const standby: Standby = { command: spec.command, child, key, folder, state: 'waiting' };
  // A standby that ends before its run (stopped, killed, or failed to start) leaves nothing behind.
  child.stdin?.on('error', () => {});
  child.once('error', () => stop(standby));
  child.once('exit', () => stop(standby));
  const idleMs = config.engineIdleMs;
  if (idleMs > 0) {
    standby.idleTimer = setTimeout(() => stop(standby), idleMs);
    standby.idleTimer.unref();
  }
  return standby;
}

/** Ends a standby no run took, and removes its folder (once, whichever of stop, exit or error comes first). */
function stop(standby: Standby): void {
  if (standby.state !== 'waiting') return;
  standby.state = 'ended';
  clearTimeout(standby.idleTimer);
  const at = standbys.waiting.indexOf(standby);
  if (at >= 0) standbys.waiting.splice(at, 1);
  killTree(standby.child);
  removeStandbyFolder(standby.folder);
}

/** In the background: nothing waits for it. */
function removeStandbyFolder(folder: string): void {
  void removeRunFolder(folder).catch((e: unknown) =>
    log.error({ err: e, folder }, '[engines] could not remove a standby folder'),
  );
}
