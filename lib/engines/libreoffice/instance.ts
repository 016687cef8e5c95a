import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EngineError, forEachLine, killTree, spawnSandboxed } from '../sandbox';
import { config } from '@/lib/config';

// One warm LibreOffice: the Python UNO bridge and its soffice child inside ONE bubblewrap
// sandbox whose only writable folder is this instance's directory (profile + exchange).
// One request at a time; any failure kills the whole sandbox and the pool starts a new one.

const BRIDGE_CANDIDATES = [
  config.libreoffice.bridgePath,
  path.join(process.cwd(), 'lib/engines/libreoffice/bridge.py'),
].filter((p): p is string => Boolean(p));

const START_TIMEOUT_MS = 60_000;
const MEMORY_LIMIT = 3 * 1024 ** 3;

/** Defence in depth on top of the per-load flags: macros off, no external links fetched. */
const REGISTRY = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

export type BridgeRequest = { in: string; out: string; inFilter: string; inOptions?: string; filter: string; options?: string };
type Reply = { id?: number; ok?: boolean; ready?: boolean; error?: string };

export class OfficeInstance {
  conversions = 0;
  dead = false;
  private nextId = 1;
  private pending: { id: number; resolve: (r: Reply) => void; reject: (e: Error) => void } | undefined;
  private readyWaiter: { resolve: () => void; reject: (e: Error) => void } | undefined;
  private stderrTail = '';
  /** Resolves when every process of the sandbox is gone (they all hold its stdout/stderr pipes). */
  private closed: Promise<void> | undefined;

  private constructor(
    readonly dir: string,
    private readonly child: ChildProcess,
  ) {}

  /** The folder the engine copies inputs into and takes outputs from. */
  get exchangeDir(): string {
    return path.join(this.dir, 'x');
  }

  static async start(): Promise<OfficeInstance> {
    const bridge = BRIDGE_CANDIDATES.find((p) => existsSync(p));
    if (!bridge) throw new EngineError(`LibreOffice bridge not found (looked in ${BRIDGE_CANDIDATES.join(', ')})`);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'transmute-lo-'));
    await mkdir(path.join(dir, 'profile', 'user'), { recursive: true });
    await mkdir(path.join(dir, 'x'));
    await writeFile(path.join(dir, 'profile', 'user', 'registrymodifications.xcu'), REGISTRY);
    const pipeName = `transmute_${randomBytes(8).toString('hex')}`;
    const child = spawnSandboxed(
      {
        command: '/usr/bin/python3',
        args: [bridge, dir, pipeName],
        workDir: dir,
        // soffice's registry lives in /etc/libreoffice (Debian symlinks it from /usr/lib).
        extraRoBinds: ['/etc/libreoffice', bridge],
        memoryLimitBytes: MEMORY_LIMIT,
      },
      { stdin: true },
    );
    // An idle warm instance must not keep the Node process alive (--die-with-parent ends it with us).
    child.unref();
    for (const s of [child.stdin, child.stdout, child.stderr]) (s as unknown as { unref?: () => void } | null)?.unref?.();
    const inst = new OfficeInstance(dir, child);
    inst.wire();
    const timer = setTimeout(() => inst.fail(new EngineError('LibreOffice did not start in time', { timedOut: true })), START_TIMEOUT_MS);
    try {
      await new Promise<void>((resolve, reject) => (inst.readyWaiter = { resolve, reject }));
    } catch (e) {
      await inst.kill();
      throw e;
    } finally {
      clearTimeout(timer);
    }
    return inst;
  }

  private wire(): void {
    this.closed = new Promise((resolve) => this.child.once('close', () => resolve()));
    forEachLine(this.child.stdout, (line) => {
      let msg: Reply;
      try {
        msg = JSON.parse(line) as Reply;
      } catch {
        return; // not ours
      }
      if (msg.ready !== undefined) {
        const w = this.readyWaiter;
        this.readyWaiter = undefined;
        if (msg.ready) w?.resolve();
        else this.fail(new EngineError(`LibreOffice failed to start: ${msg.error ?? ''} ${this.stderrTail}`));
      } else if (this.pending && msg.id === this.pending.id) {
        const p = this.pending;
        this.pending = undefined;
        p.resolve(msg);
      }
    });
    forEachLine(this.child.stderr, (line) => (this.stderrTail = (this.stderrTail + line + '\n').slice(-2000)));
    this.child.stdin?.on('error', () => {}); // EPIPE when the sandbox died: reported through 'exit'
    this.child.once('error', (e) => this.fail(new EngineError(`LibreOffice sandbox failed: ${e.message}`, { cause: e })));
    this.child.once('exit', (code, sig) => this.fail(new EngineError(`LibreOffice exited (${code ?? sig}): ${this.stderrTail.trim().slice(-500)}`)));
  }

  /** Marks the instance dead and rejects whoever waits on it; the sandbox is killed. */
  private fail(err: EngineError): void {
    this.dead = true;
    killTree(this.child);
    this.readyWaiter?.reject(err);
    this.readyWaiter = undefined;
    this.pending?.reject(err);
    this.pending = undefined;
  }

  /** One conversion; on timeout or abort the whole sandbox is killed (the instance is then dead). */
  async convert(req: BridgeRequest, opts: { signal: AbortSignal; timeoutMs: number }): Promise<Reply> {
    if (this.dead) throw new EngineError('LibreOffice instance is not running');
    if (this.pending) throw new Error('OfficeInstance.convert called concurrently');
    if (opts.signal.aborted) throw new EngineError('conversion cancelled', { cancelled: true });
    this.conversions++;
    const id = this.nextId++;
    const reply = new Promise<Reply>((resolve, reject) => (this.pending = { id, resolve, reject }));
    const timer = setTimeout(() => this.fail(new EngineError(`LibreOffice timed out after ${opts.timeoutMs} ms`, { timedOut: true })), opts.timeoutMs);
    const onAbort = () => this.fail(new EngineError('conversion cancelled', { cancelled: true }));
    opts.signal.addEventListener('abort', onAbort, { once: true });
    try {
      this.child.stdin?.write(JSON.stringify({ id, ...req }) + '\n');
      return await reply;
    } finally {
      clearTimeout(timer);
      opts.signal.removeEventListener('abort', onAbort);
    }
  }

  /** Kills the sandbox (bridge, soffice and anything they started) and removes its folder. */
  async kill(): Promise<void> {
    this.dead = true;
    killTree(this.child);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.closed, new Promise((r) => (timer = setTimeout(r, 5000)))]);
    clearTimeout(timer);
    await rm(this.dir, { recursive: true, force: true });
  }
}
