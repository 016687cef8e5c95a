import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hooksRoute from '@/app/api/v1/webhooks-mgmt/route';
import * as batchUpload from '@/app/api/v1/batch/upload/route';
import { stopEmbeddedQueue } from '@/lib/jobs/embedded-queue';
import { signedUpUser } from '@/tests/support/accounts';
import { overrideEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { localServers } from '@/tests/support/local-servers';
import { jsonBody } from '@/tests/support/route-client';
import { waitFor } from '@/tests/support/wait-for';
import { startWorkerProcess, type WorkerProcess } from '@/tests/support/worker-process';

// The real worker process (scripts/worker.ts) runs the conversions here, so its webhooks and batch
// completion can only fire if the process registered them with the conversion's lifecycle at start
// (this test process's own registrations do not reach it).

const received: Array<{ type: string }> = [];
const servers = localServers();
let receiver: string;
let worker: WorkerProcess | undefined;
let restoreEnv: () => void;

beforeAll(async () => {
  receiver = await servers.listen((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.end();
    });
  });
  // The receiver is a local server: allowed here (registration checks it) and in the worker.
  restoreEnv = overrideEnv({ OUTBOUND_ALLOW_HOSTS: new URL(receiver).host });
  await emptyConversionQueue();
});

afterAll(async () => {
  worker?.stop();
  await stopEmbeddedQueue();
  restoreEnv();
  servers.closeAll();
});

describe('the worker process', () => {
  it('fires conversion.completed for each file and batch.completed once the batch is done', async () => {
    const { client } = await signedUpUser('starter');
    const events = ['conversion.completed', 'batch.completed'];
    const hook = await client.call(hooksRoute.POST, {
      method: 'POST',
      path: '/api/v1/webhooks-mgmt',
      ...jsonBody({ url: `${receiver}/hook`, events }),
    });
    expect(hook.status).toBe(200);
    const form = new FormData();
    form.append('target_format', 'webp');
    for (const name of ['a.png', 'b.png']) form.append('file', new Blob([new Uint8Array(await makePng())]), name);
    const batch = await client.call(batchUpload.POST, { method: 'POST', path: '/api/v1/batch/upload', body: form });
    expect(batch.status).toBe(200);

    worker = await startWorkerProcess({});
    const types = await waitFor(
      () => received.map((r) => r.type).sort(),
      (found) => found.length >= 3,
      { timeoutMs: 90_000 },
    );
    expect(types).toEqual(['batch.completed', 'conversion.completed', 'conversion.completed']);
  });
});
