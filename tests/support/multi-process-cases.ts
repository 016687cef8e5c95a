// What the multi-process tier's files (tests/multi-process*.integration.test.ts) do alike, whatever
// their storage: send a conversion to a web process, catch the worker running one and kill it,
// wait for the workers' readiness, and count the webhooks a loopback receiver gets.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { db } from '@/lib/db';
import { stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { overrideEnv } from '@/tests/support/env';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { Cluster, type WorkerProcess } from '@/tests/support/multi-process-cluster';
import { DatabaseProxy } from '@/tests/support/multi-process-db-proxy';
import { localServers } from '@/tests/support/local-servers';
import { uploadForm } from '@/tests/support/route-client';
import { waitFor } from '@/tests/support/wait-for';

/** A conversion of `file` (as photo.png) to `target`, sent to the web process at `base`; its id. */
export async function uploadConversion(
  base: string,
  headers: Record<string, string>,
  file: Buffer,
  target = 'webp',
): Promise<bigint> {
  const encoded = new Response(uploadForm(file, 'photo.png', target));
  const res = await fetch(`${base}/api/v1/convert/upload`, {
    method: 'POST',
    headers: { ...headers, 'content-type': encoded.headers.get('content-type')! },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return BigInt(((await res.json()) as { id: string | number }).id);
}

/**
 * Waits until conversion `id` runs, then SIGKILLs the worker running it: the one holding its job
 * folder (`<id>-1-…`) under its DATA_DIR. Returns the killed worker (gone) and the others.
 */
export async function killWorkerRunning(cluster: Cluster, workers: WorkerProcess[], id: bigint) {
  await waitFor(
    () => db.conversion.findUniqueOrThrow({ where: { id } }),
    (c) => c.status === 'processing',
    { timeoutMs: 60_000, intervalMs: 50 },
  );
  const jobFolder = new RegExp(`(^|/)${id}-1-[^/]+$`);
  const busy = await waitFor(
    async () => {
      const folders = await Promise.all(
        workers.map((w) => readdir(path.join(cluster.root, w.name, 'jobs'), { recursive: true }).catch(() => [])),
      );
      return folders.findIndex((f) => f.some((name) => jobFolder.test(name)));
    },
    (i) => i >= 0,
    { timeoutMs: 30_000, intervalMs: 50 },
  );
  const killed = workers[busy];
  killed.signal('SIGKILL');
  const code = await killed.exited;
  return { killed, code, others: workers.filter((w) => w !== killed) };
}

/** Each worker's readiness (`/health` on its metrics listener), once it answers `status`. */
export const workersReady = (workers: WorkerProcess[], status: number) =>
  Promise.all(
    workers.map((w) =>
      waitFor(
        () => fetch(`${w.origin}/health`).then((r) => r.status),
        (s) => s === status,
        { timeoutMs: 30_000, intervalMs: 250 },
      ),
    ),
  );

/**
 * A webhook receiver on loopback that answers 204 and keeps each event it got (type and conversion
 * id), in order: `url`, `delivered`, `deliveriesOf(id)`; `close` stops it.
 */
export async function webhookReceiver() {
  const servers = localServers();
  const delivered: Array<{ type: string; id: string }> = [];
  const url = await servers.listen((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      try {
        const event = JSON.parse(body) as { type: string; data: { conversion?: { id: number | string } } };
        delivered.push({ type: event.type, id: String(event.data.conversion?.id) });
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  return {
    url,
    delivered,
    deliveriesOf: (id: bigint) => delivered.filter((d) => d.id === String(id)),
    close: () => servers.closeAll(),
  };
}

/**
 * A cluster whose processes reach PostgreSQL through a loopback proxy the test can cut, with a
 * webhook receiver on loopback that the workers may deliver to (the only outbound host allowed);
 * `env` adds the processes' own settings. `stop` ends the processes, the proxy and the receiver.
 */
export async function clusterBehindProxy(env: Record<string, string> = {}) {
  await emptyConversionQueue(); // the workers here must find only this file's jobs
  const proxy = await DatabaseProxy.start(process.env.DATABASE_URL!);
  const receiver = await webhookReceiver();
  const outbound = { OUTBOUND_ALLOW_HOSTS: new URL(receiver.url).host };
  const restoreEnv = overrideEnv(outbound);
  let cluster: Cluster | undefined;
  const stop = async () => {
    await cluster?.stop();
    await proxy.cut();
    receiver.close();
    restoreEnv();
    await stopEmbeddedQueue();
  };
  try {
    cluster = await Cluster.create({ ...outbound, ...env, DATABASE_URL: proxy.urlFor(process.env.DATABASE_URL!) });
  } catch (e) {
    await stop();
    throw e;
  }
  return { proxy, receiver, cluster, stop };
}
