import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { signedUpUser } from '@/tests/support/accounts';
import { makeNoisyPng, makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { Cluster, logLines, sampleValue } from '@/tests/support/multi-process-cluster';
import { uploadForm } from '@/tests/support/route-client';
import { waitFor } from '@/tests/support/wait-for';
import { lockTaken } from '@/tests/support/tus-lock';
import { createTusUpload, TUS_RESUMABLE, tusPatchHeaders } from '@/tests/support/tus-wire';

// SIGTERM to real processes of one service (two web processes, workers) on one database and one
// STORAGE_DIR: a web process stops accepting, tells progress streams to reconnect, and finishes the
// requests in flight; a worker finishes or hands back its job; nothing is lost.

let cluster: Cluster;
let auth: { authorization: string };

beforeAll(async () => {
  await emptyConversionQueue(); // the workers here must find only this file's jobs
  cluster = await Cluster.create({ SHUTDOWN_SECONDS: '8' });
  const { tokens } = await signedUpUser('pro');
  auth = { authorization: `Bearer ${tokens.access_token}` };
});
afterAll(async () => {
  await cluster?.stop();
  await stopEmbeddedQueue();
});

async function multipart(file: Buffer, name: string, target: string) {
  const encoded = new Response(uploadForm(file, name, target));
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

async function createConversion(base: string, file: Buffer, target = 'webp', headers: Record<string, string> = {}) {
  const { body, type } = await multipart(file, 'photo.png', target);
  const res = await fetch(`${base}/api/v1/convert/upload`, {
    method: 'POST',
    headers: { ...auth, ...headers, 'content-type': type },
    body,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string | number }).id;
}

/**
 * The body bytes a web process has received (its /metrics), asked on a connection of its own that
 * closes after the answer, so no kept-alive connection outlives the scrape.
 */
function receivedBytes(base: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest(`${base}/metrics`, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve(sampleValue(text, 'transmute_http_received_bytes_total')));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** An SSE stream read frame by frame: `frames()` is what arrived so far, `ended` resolves when the server ends it. */
function openProgress(base: string, id: string | number) {
  let text = '';
  const ended = new Promise<void>((resolve, reject) => {
    const req = httpRequest(`${base}/api/v1/conversions/${id}/progress`, { headers: auth }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve());
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  const frames = () =>
    text
      .split('\n\n')
      .filter((f) => f.startsWith('event:'))
      .map((f) =>
        Object.fromEntries(f.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)])),
      );
  return { ended, frames };
}

describe('SIGTERM to a web process', () => {
  it('ends progress streams with event: reconnect, refuses new connections, finishes an upload in flight, exits in time', async () => {
    const [a, b] = await Promise.all([cluster.startWeb('web-a'), cluster.startWeb('web-b')]);
    // No worker yet: the conversion stays pending, so its stream stays open until the stop.
    const id = await createConversion(a.url, await makePng());
    const stream = openProgress(a.url, id);
    await waitFor(stream.frames, (f) => f.length === 1);
    expect(stream.frames()[0]).toMatchObject({ event: 'progress' });

    // An upload whose body is half sent when the stop comes.
    const { body, type } = await multipart(await makeNoisyPng(400, 400), 'late.png', 'webp');
    const receivedBefore = await receivedBytes(a.url);
    let sendRest = () => {};
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(`${a.url}/api/v1/convert/upload`, {
        method: 'POST',
        headers: { ...auth, 'content-type': type, 'content-length': String(body.length) },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.write(body.subarray(0, body.length >> 1));
      sendRest = () => req.end(body.subarray(body.length >> 1));
    });
    // The process is reading the upload when the stop comes.
    await waitFor(
      () => receivedBytes(a.url),
      (n) => n - receivedBefore >= body.length >> 1,
      { timeoutMs: 10_000, intervalMs: 20 },
    );

    const stoppedAt = Date.now();
    a.signal('SIGTERM');
    await stream.ended;
    const reconnect = stream.frames().at(-1)!;
    expect(reconnect.event).toBe('reconnect');
    expect(Number(reconnect.retry)).toBeGreaterThan(0);
    expect(Date.now() - stoppedAt).toBeLessThan(2000); // well before any conversion would end

    // New connections are refused while the upload is still coming in.
    const refused = await fetch(`${a.url}/api/v1/health/live`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).toBe('refused');

    // The rest of the upload arrives after the stop: the process must still take it.
    sendRest();
    const late = await inFlight;
    expect(late.status).toBe(201);
    const lateId = (JSON.parse(late.text) as { id: string }).id;
    expect(await a.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(8000 + 2000);

    // The client resumes on the other process: the current state first, then the end.
    const resumed = openProgress(b.url, id);
    await waitFor(resumed.frames, (f) => f.length >= 1);
    const worker = await cluster.startWorker('worker-after-web-stop');
    await resumed.ended;
    expect(resumed.frames().at(-1)).toMatchObject({ event: 'completed' });
    await waitFor(
      () => db.conversion.findUniqueOrThrow({ where: { id: BigInt(lateId) } }),
      (c) => c.status === 'completed',
    );
    worker.signal('SIGTERM');
    expect(await worker.exited).toBe(0);
  });
});

describe('SIGTERM to a web process during a tus upload', () => {
  it('the PATCH in flight is written, and the client resumes the upload on the other process', async () => {
    const [a, b] = await Promise.all([cluster.startWeb('web-d'), cluster.startWeb('web-e')]);
    const png = await makePng();
    const file = Buffer.concat([png, randomBytes(3 * 1024 * 1024 - png.length)]);
    const tus = { ...TUS_RESUMABLE, ...auth };
    const token = await createTusUpload(a.url, auth, file.length);

    // The first MiB goes to A, half of it before the stop and half after.
    const chunk = file.subarray(0, 1024 * 1024);
    let sendRest = () => {};
    const patched = new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${a.url}/api/v1/tus/${token}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          ...tusPatchHeaders(0),
          'Content-Length': String(chunk.length),
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.write(chunk.subarray(0, chunk.length >> 1));
      sendRest = () => req.end(chunk.subarray(chunk.length >> 1));
    });
    await lockTaken(token); // the PATCH is in when the stop comes
    a.signal('SIGTERM');
    await waitFor(a.output, (out) => out.includes('STOPPING'));
    sendRest(); // the rest after the stop
    expect(await patched).toBe(204);
    expect(await a.exited).toBe(0);

    // The client asks the other process where the upload stands and sends the rest there.
    const head = await fetch(`${b.url}/api/v1/tus/${token}`, { method: 'HEAD', headers: tus });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(chunk.length);
    const rest = await fetch(`${b.url}/api/v1/tus/${token}`, {
      method: 'PATCH',
      headers: { ...tus, ...tusPatchHeaders(chunk.length) },
      body: file.subarray(chunk.length),
    });
    expect(rest.status).toBe(204);
    const conversion = await db.conversion.findUniqueOrThrow({
      where: { id: BigInt(rest.headers.get('x-conversion-id')!) },
    });
    const stored = await readFile(path.join(cluster.storageDir, conversion.inputKey));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(file).digest('hex'));
  });
});

describe('SIGTERM to a worker', () => {
  it('finishes or hands back the job it runs and exits in time; the job completes once', async () => {
    const web = await cluster.startWeb('web-c');
    const first = await cluster.startWorker('worker-1', { ENGINE_CONCURRENCY: '1' });
    // Slow enough to be mid-run at the stop: a noisy picture to AVIF.
    const id = await createConversion(web.url, await makeNoisyPng(1600, 1600), 'avif');
    await waitFor(
      () => db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } }),
      (c) => c.status === 'processing',
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    const stoppedAt = Date.now();
    first.signal('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(8000 + 12_000);
    expect(logLines(first.output()).some((l) => String(l.msg).includes('[worker] stopping'))).toBe(true);

    const second = await cluster.startWorker('worker-2', { ENGINE_CONCURRENCY: '1' });
    const done = await waitFor(
      () => db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } }),
      (c) => c.status === 'completed' || c.status === 'failed',
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    expect(done.status).toBe('completed');
    expect(done.resultKey).toBeTruthy();
    second.signal('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
