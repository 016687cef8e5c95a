import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { signedUpUser } from '@/tests/support/accounts';
import { makeNoisyPng, makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { freePort } from '@/tests/support/multi-process-cluster';
import { uploadConversion } from '@/tests/support/multi-process-cases';
import { waitFor } from '@/tests/support/wait-for';

// LOG_FORMAT=json promises one JSON object per line for every line the service writes, on stdout
// and on stderr: its own events, Next's messages (its start, its request lines in development),
// and above all the events that matter most: an unexpected error behind a 500, a failed
// conversion, an engine that died mid-job. The real web server with the worker inside
// (scripts/server.ts --dev --with-worker; Next in development mode, as this tier runs before
// `next build`), run as in production: without the test runner's NODE_ENV and VITEST, which
// would make a response contract error escape to Next instead of becoming the 500 it is.

type Line = Record<string, unknown> & { level: number; time: number; msg: string };
type Server = {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
};

let dataDir: string;
let server: Server;
let auth: { authorization: string };

async function startServer(): Promise<void> {
  const port = await freePort();
  const env = {
    ...process.env,
    // Not the test runner's (see above): a development server, as `npm run dev` runs it.
    NODE_ENV: 'development',
    VITEST: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_SECRET: config.appSecret, // the test signs its caller's token with the same secret
    LOG_FORMAT: 'json',
    ENGINE_CONCURRENCY: '1',
    NEXT_TELEMETRY_DISABLED: '1',
  } as const;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/server.ts', '--dev', '--with-worker'], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Set before it is ready: afterAll stops it also when it never gets there.
  server = { child, url: `http://127.0.0.1:${port}`, stdout: () => stdout, stderr: () => stderr, exited };
  await waitFor(
    () => stdout + stderr,
    (t) => (t.includes('[worker] ready') && t.includes('[web] development server')) || child.exitCode !== null,
    { timeoutMs: 120_000, intervalMs: 200 },
  );
  if (child.exitCode !== null) throw new Error(`the server exited at start:\n${stdout}${stderr}`);
}

/** Every line of the output as a log line; a line that is not one fails the test, quoted. */
function parseLines(output: string, stream: string): Line[] {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        expect.fail(`a line on ${stream} is not JSON: ${line}`);
      }
      expect(parsed, `a line on ${stream}: ${line}`).toMatchObject({
        level: expect.any(Number),
        time: expect.any(Number),
        msg: expect.any(String),
      });
      return parsed as Line;
    });
}
const allLines = () => [...parseLines(server.stdout(), 'stdout'), ...parseLines(server.stderr(), 'stderr')];

/** A conversion sent to the server under test; its id as the API writes it. */
const createConversion = async (file: Buffer, target: string) =>
  String(await uploadConversion(server.url, auth, file, target));

const conversionRow = (id: string) => db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
const finished = (id: string) =>
  waitFor(
    () => conversionRow(id),
    (c) => c.status === 'completed' || c.status === 'failed',
    { timeoutMs: 120_000, intervalMs: 200 },
  );

/** The pids of the server's descendants running the sharp engine (lib/engines/sharp/worker.cjs). */
function sharpEngines(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parents.get(pid); p && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  return [...parents.keys()].filter((pid) => {
    try {
      return descends(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sharp/worker.cjs');
    } catch {
      return false;
    }
  });
}

beforeAll(async () => {
  await emptyConversionQueue(); // no job of another file for this process's worker
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'json-log-'));
  const { tokens } = await signedUpUser('pro');
  auth = { authorization: `Bearer ${tokens.access_token}` };
  await startServer();
}, 150_000);

afterAll(async () => {
  if (server?.child.pid && server.child.exitCode === null && server.child.signalCode === null) {
    try {
      process.kill(-server.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await stopEmbeddedQueue();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the web server and its worker with LOG_FORMAT=json', () => {
  it('log an unexpected 500 as one JSON line with its request id and the error', async () => {
    const id = await createConversion(await makePng(), 'webp');
    expect((await finished(id)).status).toBe('completed');
    // A row the answer's schema refuses (progress is 0 to 100): the status answer is a bug, a 500.
    await db.conversion.update({ where: { id: BigInt(id) }, data: { progress: 101 } });
    const res = await fetch(`${server.url}/api/v1/convert/status/${id}`, { headers: auth });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'internal_error' });
    const requestId = res.headers.get('x-request-id')!;
    const logged = await waitFor(() => allLines().find((l) => l.requestId === requestId && l.level === 50), Boolean);
    expect(logged!.err).toMatchObject({
      type: 'ResponseContractError',
      message: expect.stringContaining('body.conversion.progress'),
      stack: expect.stringContaining('ResponseContractError'),
    });
  }, 150_000);

  it('log a failed conversion with its conversion id', async () => {
    // A PNG with its header but no pixel data: detection accepts it, the sharp engine refuses it.
    const png = await makePng(32, 32);
    const id = await createConversion(Buffer.concat([png.subarray(0, 33), png.subarray(png.length - 12)]), 'jpg');
    expect((await finished(id)).status).toBe('failed');
    const logged = await waitFor(
      () => allLines().find((l) => l.msg === 'conversion finished' && l.conversionId === id),
      Boolean,
    );
    expect(logged).toMatchObject({ level: 30, outcome: 'failed' });
  }, 150_000);

  it('log an engine killed mid-job as one JSON line, and the job runs again', async () => {
    // Slow enough to be mid-run when the engine is killed: a noisy picture to AVIF.
    const id = await createConversion(await makeNoisyPng(1600, 1600), 'avif');
    await waitFor(
      () => conversionRow(id),
      (c) => c.status === 'processing',
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    const [engine] = await waitFor(
      () => sharpEngines(server.child.pid!),
      (pids) => pids.length > 0,
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    process.kill(engine, 'SIGKILL');
    const logged = await waitFor(
      () => allLines().find((l) => l.msg === 'conversion attempt failed' && l.conversionId === id),
      Boolean,
      { timeoutMs: 60_000 },
    );
    expect(logged).toMatchObject({ level: 50, attempt: 1, err: { message: expect.stringMatching(/sharp/i) } });
    expect((await finished(id)).status).toBe('completed');
  }, 180_000);

  it('wrote nothing but JSON lines, on stdout and stderr, from its start to its stop', async () => {
    process.kill(server.child.pid!, 'SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = allLines();
    const messages = lines.map((l) => l.msg);
    // Next's own start line and its request lines went through the logger too.
    expect(messages.some((m) => /next\.config/.test(m))).toBe(true);
    expect(messages.some((m) => /^GET \/api\/v1\/convert\/status\/\d+ 500 in /.test(m))).toBe(true);
    expect(messages).toContain('[web] stopping: finishing requests in flight');
  }, 60_000);
});
