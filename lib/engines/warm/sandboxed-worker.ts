import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { EngineError, forEachLine, killTree, spawnSandboxed } from '../sandbox/sandbox';

// A long-lived engine process in its own bubblewrap sandbox, whose only writable (and only
// non-system) folder is its instance folder. Protocol, one JSON object per line:
//   stdout: {"ready": true} once (or {"ready": false, "error": "..."}), then one reply per request:
//           {"id": 1, "ok": true, ...} or {"id": 1, "ok": false, "error": "..."}
//   stdin : {"id": 1, ...request}
// One request at a time. Any failure (crash, timeout, cancel) kills the whole sandbox; the
// pool (warm-pool.ts) then starts a new one, so a confused engine never sees the next file.

export type WorkerSpec = {
  /** For messages: "LibreOffice", "sharp". */
  name: string;
  /** Where the instance folder is made (the jobs folder, so inputs can be hard-linked in). */
  parentDir: string;
  command: string;
  args: (instanceDir: string) => string[];
  /** What it sees of the system (default all of /usr: see SandboxSpec.systemView). */
  systemView?: readonly string[];
  /** Read-only paths the program needs besides the system view (its script, its modules). */
  extraRoBinds?: readonly string[];
  memoryLimitBytes: number;
  startTimeoutMs: number;
  /** Fills the instance folder before the start (e.g. a profile). */
  prepare?: (instanceDir: string) => Promise<void>;
};

export type WorkerReply = { id?: number; ok?: boolean; ready?: boolean; error?: string } & Record<string, unknown>;

export class SandboxedWorker {
  /** Requests sent so far (the pool recycles the worker after a budget). */
  jobs = 0;
  dead = false;
  private nextId = 1;
  private pending: { id: number; resolve: (r: WorkerReply) => void; reject: (e: Error) => void } | undefined;
  private readyWaiter: { resolve: () => void; reject: (e: Error) => void } | undefined;
  private stderrTail = '';
  /** Resolves when every process of the sandbox is gone (they all hold its stdout/stderr pipes). */
  private readonly closed: Promise<void>;

  private constructor(
    private readonly spec: WorkerSpec,
    readonly dir: string,
    private readonly child: ChildProcess,
  ) {
    this.closed = new Promise((resolve) => child.once('close', () => resolve()));
  }

  /** The folder inputs are placed into and results taken from. */
  get exchangeDir(): string {
    return path.join(this.dir, 'x');
  }

  static async start(spec: WorkerSpec): Promise<SandboxedWorker> {
    await mkdir(spec.parentDir, { recursive: true, mode: 0o700 });
    const dir = await mkdtemp(path.join(spec.parentDir, `${spec.name.toLowerCase()}-`));
    await mkdir(path.join(dir, 'x'));
    await spec.prepare?.(dir);
    const child = spawnSandboxed(
      {
        command: spec.command,
        args: spec.args(dir),
        workDir: dir,
        systemView: spec.systemView,
        extraRoBinds: spec.extraRoBinds,
        memoryLimitBytes: spec.memoryLimitBytes,
      },
      { stdin: true },
    );
    // An idle warm worker must not keep the Node process alive (--die-with-parent ends it with us).
    child.unref();
    for (const s of [child.stdin, child.stdout, child.stderr]) (s as { unref?: () => void } | null)?.unref?.();
    const worker = new SandboxedWorker(spec, dir, child);
    worker.wire();
    const timer = setTimeout(
      // Not `timedOut`: that means a run on an input hit its limit, which is not retried.
      () => worker.fail(new EngineError(`${spec.name} did not start in time`)),
      spec.startTimeoutMs,
    );
    try {
      await new Promise<void>((resolve, reject) => (worker.readyWaiter = { resolve, reject }));
    } catch (e) {
      await worker.kill();
      throw e;
    } finally {
      clearTimeout(timer);
    }
    return worker;
  }

  private wire(): void {
    const { child, spec } = this;
    forEachLine(child.stdout, (line) => {
      let msg: WorkerReply;
      try {
        msg = JSON.parse(line) as WorkerReply;
      } catch {
        return; // not ours
      }
      if (msg.ready === true) {
        this.readyWaiter?.resolve();
        this.readyWaiter = undefined;
      } else if (msg.ready !== undefined) {
        // fail() rejects the start (clearing the waiter first would leave the start hanging).
        this.fail(new EngineError(`${spec.name} failed to start: ${msg.error ?? ''} ${this.stderrTail}`));
      } else if (this.pending && msg.id === this.pending.id) {
        const p = this.pending;
        this.pending = undefined;
        p.resolve(msg);
      }
    });
    forEachLine(child.stderr, (line) => (this.stderrTail = (this.stderrTail + line + '\n').slice(-2000)));
    child.stdin?.on('error', () => {}); // EPIPE when the sandbox died: reported through 'exit'
    child.once('error', (e) => this.fail(new EngineError(`${spec.name} sandbox failed: ${e.message}`, { cause: e })));
    child.once('exit', (code, sig) =>
      this.fail(new EngineError(`${spec.name} exited (${code ?? sig}): ${this.stderrTail.trim().slice(-500)}`)),
    );
  }

  /** Marks the worker dead and rejects whoever waits on it; the sandbox is killed. */
  private fail(err: EngineError): void {
    this.dead = true;
    killTree(this.child);
    this.readyWaiter?.reject(err);
    this.readyWaiter = undefined;
    this.pending?.reject(err);
    this.pending = undefined;
  }

  /** One request; on timeout or abort the whole sandbox is killed (the worker is then dead). */
  async request(
    payload: Record<string, unknown>,
    opts: { signal?: AbortSignal; timeoutMs: number },
  ): Promise<WorkerReply> {
    const { name } = this.spec;
    if (this.dead) throw new EngineError(`${name} is not running`);
    if (this.pending) throw new Error(`${name}: request sent while another one runs`);
    if (opts.signal?.aborted) throw new EngineError('conversion cancelled', { cancelled: true });
    this.jobs++;
    const id = this.nextId++;
    const reply = new Promise<WorkerReply>((resolve, reject) => (this.pending = { id, resolve, reject }));
    const timeout = new EngineError(`${name} timed out after ${opts.timeoutMs} ms`, { timedOut: true });
    const timer = setTimeout(() => this.fail(timeout), opts.timeoutMs);
    const onAbort = () => this.fail(new EngineError('conversion cancelled', { cancelled: true }));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      this.child.stdin?.write(JSON.stringify({ ...payload, id }) + '\n');
      return await reply;
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Kills the sandbox (the program and anything it started) and removes its folder. */
  async kill(): Promise<void> {
    this.dead = true;
    killTree(this.child);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.closed, new Promise((r) => (timer = setTimeout(r, 5000)))]);
    clearTimeout(timer);
    await rm(this.dir, { recursive: true, force: true });
  }
}
