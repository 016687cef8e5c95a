import { type ChildProcess, spawn } from 'node:child_process';
import { waitFor } from '@/tests/support/wait-for';

// The real worker (`npm run worker`, scripts/worker.ts) as a child process in its own process
// group, with its output kept for the test to read.
export type WorkerProcess = { child: ChildProcess; output: () => string; stop: () => void };

export async function startWorkerProcess(env: Record<string, string | undefined>): Promise<WorkerProcess> {
  const child = spawn('node_modules/.bin/tsx', ['scripts/worker.ts'], {
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  await waitFor(
    () => text,
    (t) => t.includes('[worker] ready') || child.exitCode !== null,
    { timeoutMs: 60_000 },
  );
  if (!text.includes('[worker] ready')) throw new Error(`worker did not start: ${text}`);
  return { child, output: () => text, stop };
}
