import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The service against a database that goes away and comes back: its own embedded PostgreSQL
// (scripts/embedded-db.ts, stopped and started again) and the route handlers in another process
// (tests/support/health-probe.ts) whose DATABASE_URL points at it.

const TSX = path.resolve('node_modules/.bin/tsx');
type Answer = { status: number; body: { status?: string; checks?: Record<string, string>; code?: string } };

let workDir: string;
let port: number;
let database: ChildProcess | undefined;
let probe: ChildProcess;
let waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | undefined;
let probeErrors = '';
let probeExit: Error | undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts scripts/embedded-db.ts on `port`; resolves once it prints READY. */
function startDatabase(): Promise<void> {
  const args = ['scripts/embedded-db.ts', path.join(workDir, 'pg'), String(port)];
  const child = spawn(TSX, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  database = child;
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('READY') && resolve());
    child.on('exit', (code) => reject(new Error(`embedded database exited (${code})`)));
  });
}

async function stopDatabase(): Promise<void> {
  const child = database;
  database = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Sends one request through the probe process and waits for its answer. */
function ask(route: 'health' | 'formats'): Promise<Answer> {
  if (probeExit) return Promise.reject(probeExit);
  const next = new Promise<Answer>((resolve, reject) => (waiting = { resolve, reject }));
  probe.stdin!.write(`${route}\n`);
  return next;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'health-recovery-'));
  await chmod(workDir, 0o755); // run as root, PostgreSQL runs as its own user and must reach its folder
  port = await freePort();
  await startDatabase();
  const env = {
    ...process.env,
    DATABASE_URL: `postgresql://transmute:transmute@127.0.0.1:${port}/transmute`,
    DATA_DIR: path.join(workDir, 'data'),
    PLAN_FREE_RATE_PER_MINUTE: '1000',
  };
  await new Promise((resolve, reject) => {
    const migrate = spawn('node_modules/.bin/prisma', ['migrate', 'deploy'], { env, stdio: 'ignore' });
    migrate.on('exit', (code) => (code === 0 ? resolve(code) : reject(new Error(`migrate deploy exited ${code}`))));
  });
  probe = spawn(TSX, ['tests/support/health-probe.ts'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
  });
  // Its logs (the lost connections) are expected; they are shown only if the process dies.
  probe.stderr!.on('data', (chunk: Buffer) => (probeErrors = (probeErrors + chunk.toString()).slice(-4000)));
  probe.on('exit', (code) => {
    probeExit = new Error(`probe exited (${code}):\n${probeErrors}`);
    waiting?.reject(probeExit);
  });
  const ready = new Promise<void>((resolve) => {
    createInterface({ input: probe.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const message = JSON.parse(line);
      if (message.ready) return resolve();
      waiting?.resolve(message);
    });
  });
  await ready;
});

afterAll(async () => {
  probe?.kill('SIGTERM');
  await stopDatabase();
  await rm(workDir, { recursive: true, force: true });
});

describe('while the database is down', () => {
  it('health answers 503 naming the database, other routes 503, and all recover when it returns', async () => {
    expect(await ask('health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    // The rate limiter's pool now holds a connection the restart will break.
    expect((await ask('formats')).status).toBe(200);

    await stopDatabase();
    const down = await ask('health');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'degraded', checks: { database: 'error', storage: 'ok' } });
    // The rate limit cannot be counted: a retryable 503, not a 500.
    expect(await ask('formats')).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });

    await startDatabase();
    await expect.poll(async () => (await ask('health')).status, { timeout: 20_000, interval: 500 }).toBe(200);
    expect((await ask('formats')).status).toBe(200);
  });
});
