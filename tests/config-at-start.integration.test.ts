import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '@/tests/support/wait-for';

// The real processes (scripts/worker.ts, scripts/server.ts) check their configuration before they
// take a job or open a port: a bad value stops them with status 2 and a message naming the variable,
// while an optional feature left without its secret lets them start with that feature off.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'config-at-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(script: string, env: Record<string, string | undefined>): Started {
  const merged: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, METRICS_PORT: undefined, ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: merged,
    detached: true, // its own process group: the test ends whatever it started
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

function stop(p: Started) {
  try {
    process.kill(-p.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

describe('configuration checked when a process starts', () => {
  it('a worker with a malformed value exits 2, naming the variable and what it must be', async () => {
    const worker = start('scripts/worker.ts', { ENGINE_TIMEOUT_SECONDS: 'soon' });
    expect(await worker.exited).toBe(2);
    expect(worker.output()).toContain(
      '[worker] invalid configuration: ENGINE_TIMEOUT_SECONDS must be a number of seconds (it is "soon")',
    );
    expect(worker.output()).not.toContain('[worker] ready');
  });

  it('a web server with a bad port exits 2 naming PORT, before it listens', async () => {
    const web = start('scripts/server.ts', { PORT: 'eighty' });
    expect(await web.exited).toBe(2);
    expect(web.output()).toContain('[web] invalid configuration: PORT must be a whole number');
    expect(web.output()).not.toContain('ready on');
  });

  it('a worker sharing a storage folder without APP_SECRET exits 2 naming APP_SECRET', async () => {
    const worker = start('scripts/worker.ts', { STORAGE_DIR: path.join(dataDir, 'shared'), APP_SECRET: undefined });
    expect(await worker.exited).toBe(2);
    expect(worker.output()).toMatch(/invalid configuration: APP_SECRET must be set .* because STORAGE_DIR is set/);
  });

  it('a worker with APP_SECRET, and providers without their secrets, starts (those features off)', async () => {
    const worker = start('scripts/worker.ts', {
      STORAGE_DIR: path.join(dataDir, 'shared'),
      APP_SECRET: 'a'.repeat(32),
      GOOGLE_DRIVE_CLIENT_ID: 'client-id',
      GOOGLE_DRIVE_CLIENT_SECRET: undefined,
      DROPBOX_APP_KEY: 'app-key',
      DROPBOX_APP_SECRET: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PRICE_PRO: 'price_pro',
      SMTP_URL: undefined,
    });
    try {
      await waitFor(
        () => worker.output(),
        (t) => t.includes('[worker] ready') || worker.child.exitCode !== null,
        { timeoutMs: 60_000 },
      );
      expect(worker.output()).toContain('[worker] ready');
      expect(worker.output()).not.toContain('invalid configuration');
    } finally {
      stop(worker);
    }
  });
});
