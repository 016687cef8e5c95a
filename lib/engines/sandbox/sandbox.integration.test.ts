import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEnv } from '@/tests/support/env';
import { waitFor } from '@/tests/support/wait-for';
import { EngineError, runSandboxed, withEngineSlot } from './sandbox';

let workDir: string;
let outsideDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'sbx-work-'));
  outsideDir = await mkdtemp(path.join(os.tmpdir(), 'sbx-outside-'));
  await writeFile(path.join(outsideDir, 'secret.txt'), 'TOP-SECRET');
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await rm(outsideDir, { recursive: true, force: true });
});

/** Runs a shell script in the sandbox and collects its stdout. */
async function sh(script: string, extra: Partial<Parameters<typeof runSandboxed>[0]> = {}) {
  const out: string[] = [];
  const r = await runSandboxed({
    command: 'sh',
    args: ['-c', script],
    workDir,
    timeoutMs: 20_000,
    onStdoutLine: (l) => out.push(l),
    ...extra,
  });
  return { ...r, out };
}

/** PIDs (in our namespace) whose command line contains marker. */
async function processesWith(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const cmd = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes(marker) && !cmd.includes('vitest')) pids.push(Number(name));
  }
  return pids;
}

/** Waits (up to 3 s) until no process carries the marker; throws with the survivors' pids. */
const noProcessesWith = (marker: string) =>
  waitFor(
    () => processesWith(marker),
    (pids) => pids.length === 0,
    { timeoutMs: 3000, intervalMs: 50 },
  );

describe('runSandboxed', () => {
  it('runs a program in the job folder and reports its exit code', async () => {
    const r = await sh('pwd; echo hello > made-here.txt; exit 3');
    expect(r.code).toBe(3);
    expect(r.out).toEqual([workDir]);
    expect(await readFile(path.join(workDir, 'made-here.txt'), 'utf8')).toBe('hello\n');
  });

  it('cannot see /etc/passwd, /root or any folder outside the job', async () => {
    const r = await sh(
      `cat /etc/passwd >/dev/null 2>&1 && echo passwd-readable; ls /root >/dev/null 2>&1 && echo root-visible; cat ${outsideDir}/secret.txt 2>/dev/null; ls /work >/dev/null 2>&1 && echo work-visible; echo done`,
    );
    expect(r.out).toEqual(['done']);
  });

  it('holds no capability, so it cannot make a read-only folder of the system writable', async () => {
    const probe = '/usr/share/.transmute-sandbox-probe';
    const r = await sh(
      `grep CapEff /proc/self/status; mount -o remount,rw,bind /usr 2>/dev/null; echo "remount $?"; touch ${probe} 2>/dev/null; echo "touch $?"`,
    );
    expect(r.out[0]).toMatch(/^CapEff:\s+0+$/);
    expect(r.out.slice(1)).not.toContain('remount 0');
    expect(r.out.slice(1)).not.toContain('touch 0');
    expect(existsSync(probe)).toBe(false);
  });

  // The host name stays the machine's: bubblewrap cannot set one inside a container (sethostname is
  // refused there), so results are scrubbed of it instead (../output/server-traces.ts).
  it("does not know the user's name", async () => {
    const r = await sh('whoami 2>/dev/null || echo no-user-name');
    expect(r.out).toEqual(['no-user-name']);
  });

  it('gets an empty environment (no secrets)', async () => {
    await withEnv({ TRANSMUTE_TEST_SECRET: 'do-not-leak' }, async () => {
      const r = await sh('env');
      expect(r.out.join('\n')).not.toContain('do-not-leak');
      const names = r.out.map((l) => l.split('=')[0]).sort();
      expect(names.filter((n) => !['PWD', 'SHLVL', '_', 'OLDPWD'].includes(n))).toEqual([
        'HOME',
        'LANG',
        'MALLOC_ARENA_MAX',
        'PATH',
      ]);
    });
  });

  it('cannot open a TCP connection to a listener on 127.0.0.1', async () => {
    let accepted = 0;
    const server = net.createServer((s) => {
      accepted++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    const probe = `import socket\ntry:\n  socket.create_connection(("127.0.0.1", ${port}), 2); print("connected")\nexcept OSError as e:\n  print("refused", e.errno)`;
    try {
      // Control: the same probe outside the sandbox does connect, so the test can tell.
      expect(spawnSync('python3', ['-c', probe], { encoding: 'utf8' }).stdout.trim()).toBe('connected');
      const out: string[] = [];
      const r = await runSandboxed({
        command: 'python3',
        args: ['-c', probe],
        workDir,
        timeoutMs: 20_000,
        onStdoutLine: (l) => out.push(l),
      });
      expect(r.code).toBe(0);
      expect(out[0]).toMatch(/^refused/);
      expect(accepted).toBe(1); // only the control connection
    } finally {
      server.close();
    }
  });

  it('caps memory with memoryLimitBytes', async () => {
    const r = await runSandboxed({
      command: 'python3',
      args: ['-c', 'b = bytearray(800 * 1024 * 1024); print("allocated")'],
      workDir,
      timeoutMs: 20_000,
      memoryLimitBytes: 256 * 1024 ** 2,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderrTail).toContain('MemoryError');
  });

  it('caps the size of files it writes', async () => {
    const r = await sh('head -c 3000000 /dev/zero > big.bin; echo "exit $?"', { fileSizeLimitBytes: 1024 * 1024 });
    expect(r.out[0]).not.toBe('exit 0');
    expect((await stat(path.join(workDir, 'big.bin'))).size).toBeLessThanOrEqual(1024 * 1024);
  });

  it('kills the program and its children on timeout', async () => {
    const marker = '987.651';
    let started = false;
    const run = sh(`sleep ${marker} & sleep ${marker} & echo started; wait`, {
      timeoutMs: 1500,
      onStdoutLine: () => (started = true),
    });
    await expect(run).rejects.toSatisfy((e) => e instanceof EngineError && e.timedOut && !e.cancelled);
    expect(started).toBe(true);
    await noProcessesWith(marker);
  });

  it('kills the program and its children when the signal aborts', async () => {
    const marker = '987.652';
    const ac = new AbortController();
    let seenBeforeAbort = 0;
    const abortOnceRunning = () => void processesWith(marker).then((p) => ((seenBeforeAbort = p.length), ac.abort()));
    const run = sh(`sleep ${marker} & sleep ${marker} & echo started; wait`, {
      signal: ac.signal,
      onStdoutLine: abortOnceRunning,
    });
    await expect(run).rejects.toSatisfy((e) => e instanceof EngineError && e.cancelled && !e.timedOut);
    expect(seenBeforeAbort).toBeGreaterThanOrEqual(2); // the probe does see the sleeps while they run
    await noProcessesWith(marker);
  });

  it('refuses to start when the signal is already aborted', async () => {
    await expect(sh('echo never', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(EngineError);
  });
});

describe('withEngineSlot', () => {
  it('never runs more than config.engineConcurrency at once', async () => {
    const { config } = await import('@/lib/config');
    const total = config.engineConcurrency * 3 + 1;
    let running = 0;
    let peak = 0;
    let started = 0;
    // Each task holds its slot until every slot is taken (or no task is left to take one), so the
    // tasks overlap as much as the slots let them.
    const task = () =>
      withEngineSlot(async () => {
        peak = Math.max(peak, ++running);
        started++;
        await waitFor(
          () => running >= config.engineConcurrency || started === total,
          (full) => full,
          { timeoutMs: 10_000, intervalMs: 5 },
        );
        running--;
      });
    await Promise.all(Array.from({ length: total }, task));
    expect(peak).toBe(config.engineConcurrency);
  });
});
