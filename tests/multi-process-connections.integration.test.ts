import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { connectionBudget } from '@/lib/database/budget';
import { db } from '@/lib/db';
import { signedUpUser } from '@/tests/support/accounts';
import { ConnectionSampler, maxConnections, urlNamed } from '@/tests/support/connection-sampler';
import { makeNoisyPng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { Cluster, type WebProcess, type WorkerProcess } from '@/tests/support/multi-process-cluster';
import { uploadForm } from '@/tests/support/route-client';
import { createTusUpload, TUS_RESUMABLE, tusPatchHeaders } from '@/tests/support/tus-wire';
import { waitFor } from '@/tests/support/wait-for';

// compose.yaml's default deployment (one web replica, one worker, nothing sized by hand) on a
// PostgreSQL with the default max_connections of 100, under load: 60 conversions uploaded at once by
// six accounts, tus uploads written alongside, progress streams, status polls and health checks.
// Every connection a process opens is counted as its own (its DATABASE_URL names it), and the most
// it held at once must stay within its role's budget as documented and as health reports it.

const CONVERSIONS = 60;
const ACCOUNTS = 6;
const TUS_UPLOADS = 8;
/** Connections kept free of the service's budget: migrations, the admin command, psql, the superuser's 3. */
const HEADROOM = 20;
const CONNECTION_ERROR = /too many clients|remaining connection slots|timeout exceeded when trying to connect/i;

let cluster: Cluster;
let web: WebProcess;
let worker: WorkerProcess;
let sampler: ConnectionSampler | undefined;
const databaseUrl = process.env.DATABASE_URL!;

beforeAll(async () => {
  await emptyConversionQueue(); // the worker here must find only this file's jobs
  cluster = await Cluster.create();
  web = await cluster.startWeb('web-a', { DATABASE_URL: urlNamed(databaseUrl, 'web-a') });
  worker = await cluster.startWorker('worker-a', { DATABASE_URL: urlNamed(databaseUrl, 'worker-a') });
}, 180_000);

afterAll(async () => {
  await sampler?.stop().catch(() => {});
  await cluster?.stop();
  await stopEmbeddedQueue();
});

/** Every answer of the load, so a refused or failed request shows. */
const statuses: Array<{ what: string; status: number }> = [];
async function call(what: string, url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, init);
  statuses.push({ what, status: res.status });
  return res;
}

async function upload(auth: Record<string, string>, file: Buffer): Promise<bigint> {
  const encoded = new Response(uploadForm(file, 'photo.png', 'webp'));
  const res = await call('upload', `${web.url}/api/v1/convert/upload`, {
    method: 'POST',
    headers: { ...auth, 'content-type': encoded.headers.get('content-type')! },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return BigInt(((await res.json()) as { id: string | number }).id);
}

/** A tus upload written in two PATCHes (each holds an upload lock); the conversion it became. */
async function tusUpload(auth: Record<string, string>, file: Buffer): Promise<bigint> {
  const token = await createTusUpload(web.url, auth, file.length);
  const half = Math.ceil(file.length / 2);
  let last: Response | undefined;
  for (const offset of [0, half]) {
    last = await call('tus patch', `${web.url}/api/v1/tus/${token}`, {
      method: 'PATCH',
      headers: { ...TUS_RESUMABLE, ...auth, ...tusPatchHeaders(offset) },
      body: new Uint8Array(file.subarray(offset, offset === 0 ? half : file.length)),
    });
    if (last.status !== 204) throw new Error(`tus PATCH answered ${last.status}: ${await last.text()}`);
  }
  return BigInt(last!.headers.get('x-conversion-id')!);
}

/** Reads a conversion's progress stream to its end (a terminal event). */
async function followProgress(auth: Record<string, string>, id: bigint): Promise<string> {
  const res = await call('progress', `${web.url}/api/v1/conversions/${id}/progress`, { headers: auth });
  return res.text();
}

/** Polls a conversion's status until it ends. */
async function pollStatus(auth: Record<string, string>, id: bigint): Promise<string | undefined> {
  return waitFor(
    async () => {
      const res = await call('status', `${web.url}/api/v1/convert/status/${id}`, { headers: auth });
      return ((await res.json()) as { conversion?: { status: string } }).conversion?.status;
    },
    (s) => s === 'completed' || s === 'failed',
    { timeoutMs: 180_000, intervalMs: 100 },
  );
}

describe("compose's default replicas (one web, one worker) on PostgreSQL's default max_connections", () => {
  it('60 conversions with tus uploads, progress streams and status polls: no connection refused, and each process within its budget', async () => {
    expect(await maxConnections(databaseUrl)).toBe(100);
    const accounts = await Promise.all(
      Array.from({ length: ACCOUNTS }, async () => {
        const { tokens } = await signedUpUser('pro');
        return { authorization: `Bearer ${tokens.access_token}` };
      }),
    );
    const png = await makeNoisyPng(400, 400);
    sampler = await ConnectionSampler.start(databaseUrl, ['web-a', 'worker-a']);

    let loading = true;
    const healthPolls = (async () => {
      while (loading) {
        await call('web health', `${web.url}/api/v1/health`);
        await call('worker health', `${worker.origin}/health`);
      }
    })();
    const [ids, tusIds] = await Promise.all([
      Promise.all(Array.from({ length: CONVERSIONS }, (_, i) => upload(accounts[i % ACCOUNTS], png))),
      Promise.all(Array.from({ length: TUS_UPLOADS }, (_, i) => tusUpload(accounts[i % ACCOUNTS], png))),
    ]);
    const all = [...ids, ...tusIds];
    const streams = all.slice(0, 12).map((id, i) => followProgress(accounts[i % ACCOUNTS], id));
    const ends = await Promise.all(all.map((id, i) => pollStatus(accounts[i % ACCOUNTS], id)));
    const streamed = await Promise.all(streams);
    loading = false;
    await healthPolls;
    const peaks = await sampler.stop();
    sampler = undefined;

    console.log(
      `[connections] peaks over ${peaks.samples} samples: web ${peaks.byName['web-a']} (budget ${connectionBudget('web')}), ` +
        `worker ${peaks.byName['worker-a']} (budget ${connectionBudget('worker')}), ` +
        `both ${peaks.named}, every client of the server (this test's own included) ${peaks.total}`,
    );
    expect(ends.filter((s) => s === 'completed')).toHaveLength(all.length);
    for (const text of streamed) expect(text).toMatch(/event: completed/);
    const rows = await db.conversion.findMany({ where: { id: { in: all } } });
    expect(rows.every((c) => c.status === 'completed' && c.attempts === 1)).toBe(true);
    // No request refused or failed for want of a connection, and no process logged one.
    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
    for (const p of [web, worker]) expect(p.output()).not.toMatch(CONNECTION_ERROR);
    expect(peaks.total).toBeLessThan(100);

    // Each process within its role's budget, which health reports, and the deployment's within
    // max_connections with room for migrations and admin.
    const budget = { web: connectionBudget('web'), worker: connectionBudget('worker') };
    expect(peaks.byName['web-a']).toBeLessThanOrEqual(budget.web);
    expect(peaks.byName['worker-a']).toBeLessThanOrEqual(budget.worker);
    expect(budget.web + budget.worker + HEADROOM).toBeLessThanOrEqual(100);
    for (const url of [`${web.url}/api/v1/health`, `${worker.origin}/health`]) {
      const health = (await (await fetch(url)).json()) as { connections: { budget: Record<string, number> } };
      expect(health.connections.budget).toEqual({ ...budget, all_in_one: connectionBudget('all_in_one') });
    }
  }, 300_000);
});
