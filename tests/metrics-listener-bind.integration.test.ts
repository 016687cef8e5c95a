import { createServer } from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from '@/tests/support/worker-process';
import { waitFor } from '@/tests/support/wait-for';

// The metrics listener binds the address the web server binds (HOST), or METRICS_HOST: a process
// kept on loopback does not open its metrics to the network. Checked on a real worker's listener,
// from loopback and from this machine's own network address.

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** An IPv4 address of this machine that is not loopback (the listener is reached through it when it binds every interface). */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const workers: WorkerProcess[] = [];
afterEach(() => workers.splice(0).forEach((w) => w.stop()));

async function workerWith(env: Record<string, string>) {
  const port = await freePort();
  const worker = await startWorkerProcess({ METRICS_PORT: String(port), METRICS_HOST: undefined, ...env });
  workers.push(worker);
  // Listening once loopback answers (0.0.0.0 and 127.0.0.1 both take loopback).
  await waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/health/live`).then(
        (r) => r.status,
        () => 0,
      ),
    (status) => status === 200,
  );
  return port;
}

const statusAt = (address: string, port: number) =>
  fetch(`http://${address}:${port}/health/live`).then(
    (r) => r.status,
    (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
  );

describe.skipIf(!networkAddress)('the metrics listener', () => {
  it('binds loopback only when the web HOST is loopback', async () => {
    const port = await workerWith({ HOST: '127.0.0.1' });
    expect(await statusAt('127.0.0.1', port)).toBe(200);
    expect(await statusAt(networkAddress!, port)).toBe('ECONNREFUSED');
  }, 120_000);

  it('binds METRICS_HOST when set, whatever HOST is', async () => {
    const open = await workerWith({ HOST: '127.0.0.1', METRICS_HOST: '0.0.0.0' });
    expect(await statusAt(networkAddress!, open)).toBe(200);
    const closed = await workerWith({ HOST: '0.0.0.0', METRICS_HOST: '127.0.0.1' });
    expect(await statusAt(networkAddress!, closed)).toBe('ECONNREFUSED');
  }, 120_000);
});
