import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hooksRoute from '@/app/api/v1/webhooks-mgmt/route';
import { runWorker } from '@/lib/processes/run-worker';
import { deliverWebhook } from '@/lib/webhooks/deliver-webhook';
import { signedUpUser } from '@/tests/support/accounts';
import { overrideEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { localServers } from '@/tests/support/local-servers';
import { installLoopbackOnlyGuard } from '@/tests/support/loopback-only';
import { pageTexts, textPdf } from '@/tests/support/merge';
import { jsonBody } from '@/tests/support/route-client';
import { startRouteServer } from '@/tests/support/route-server';
import { createTransmute, TransmuteError, verifyWebhook } from '../src/index';
import { apiRoutes } from './api-routes';

// The TypeScript client against our route handlers behind a real HTTP server and a real worker.

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString() === 'RIFF' && bytes.subarray(8, 12).toString() === 'WEBP';

let server: Awaited<ReturnType<typeof startRouteServer>>;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  await emptyConversionQueue();
  server = await startRouteServer(apiRoutes, { nodeBodies: true });
  stopWorker = await runWorker();
});
afterAll(async () => {
  await stopWorker?.();
  await server?.close();
});

describe('the TypeScript client', () => {
  it('converts a PNG to WebP in one request and returns the result', async () => {
    const client = createTransmute({ baseUrl: server.url });
    const states: string[] = [];
    const result = await client.convert(await makePng(300, 200), 'webp', {
      name: 'holiday.png',
      options: { width: 100 },
      onProgress: (s) => states.push(s.status),
    });
    expect(result.fileName).toBe('holiday.webp');
    expect(result.contentType).toBe('image/webp');
    expect(isWebp(Buffer.from(await result.response.arrayBuffer()))).toBe(true);
    expect(states.at(-1)).toBe('completed');
    // The guest cookie the first answer set is sent back: the conversion is this client's.
    expect((await client.status(result.id)).conversion).toMatchObject({ status: 'completed', target_format: 'webp' });
  });

  it('uploads a file over resumable tus above the threshold, waits on the event stream and downloads', async () => {
    const client = createTransmute({ baseUrl: server.url });
    const states: string[] = [];
    let sent = 0;
    const result = await client.convert(await makePng(), 'webp', {
      name: 'big.png',
      resumableAbove: 10,
      onBytes: (bytes) => (sent = bytes),
      onProgress: (s) => states.push(s.status),
    });
    expect(sent).toBeGreaterThan(10);
    expect(result.fileName).toBe('big.webp');
    expect(isWebp(Buffer.from(await result.response.arrayBuffer()))).toBe(true);
    expect(states.at(-1)).toBe('completed');
  });

  it('maps an error answer to a TransmuteError with status, code and error', async () => {
    const client = createTransmute({ baseUrl: server.url });
    const failure = await client.convert(await makePng(), 'not-a-format', { name: 'p.png' }).catch((e) => e);
    expect(failure).toBeInstanceOf(TransmuteError);
    expect(failure).toMatchObject({
      status: 400,
      code: expect.any(String),
      error: expect.stringMatching(/not-a-format|format/i),
    });
    const missing = await client.status(4_000_000_000_000).catch((e) => e);
    expect(missing).toBeInstanceOf(TransmuteError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('the client merges files into one PDF', () => {
  it('streams the files in order, then waits for the PDF and downloads it; a refusal is a TransmuteError', async () => {
    const client = createTransmute({ baseUrl: server.url });
    const created = await client.merge([
      { file: textPdf(['Second file first']), name: 'b.pdf' },
      { file: new Blob([new Uint8Array(textPdf(['First file second', 'and its last page']))]), name: 'a.pdf' },
    ]);
    expect(created).toMatchObject({ original_file_name: 'b (merged).pdf', target_format: 'pdf', status: 'pending' });
    const result = await client.finish(created.id, created.original_file_name, {});
    expect(result).toMatchObject({ fileName: 'b (merged).pdf', contentType: 'application/pdf' });
    expect(pageTexts(Buffer.from(await result.response.arrayBuffer()))).toEqual([
      'Second file first',
      'First file second',
      'and its last page',
    ]);
    const refused = await client.merge([{ file: textPdf(['alone']), name: 'one.pdf' }]).catch((e) => e);
    expect(refused).toBeInstanceOf(TransmuteError);
    expect(refused).toMatchObject({ status: 400, code: 'missing_file' });
  });
});

describe('verifyWebhook', () => {
  const servers = localServers();
  let restoreEnv: () => void;
  let removeGuard: () => void;
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  let receiver: string;

  beforeAll(async () => {
    removeGuard = installLoopbackOnlyGuard();
    receiver = await servers.listen((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => (received.push({ headers: req.headers, body }), res.end()));
    });
    restoreEnv = overrideEnv({ OUTBOUND_ALLOW_HOSTS: new URL(receiver).host });
  });
  afterAll(() => {
    restoreEnv();
    removeGuard();
    servers.closeAll();
  });

  it("accepts a delivery the service signed with the webhook's secret and refuses an altered one", async () => {
    const { client } = await signedUpUser();
    const res = await client.call(hooksRoute.POST, {
      method: 'POST',
      path: '/api/v1/webhooks-mgmt',
      ...jsonBody({ url: `${receiver}/hook`, events: ['conversion.completed'] }),
    });
    const hook = (await res.json()) as { id: string; secret: string };
    const event = { type: 'conversion.completed', data: { id: 1 } };
    const body = JSON.stringify(event);
    expect(
      await deliverWebhook({ webhookId: hook.id, messageId: 'msg_client_test', event: 'conversion.completed', body }),
    ).toBe('delivered');
    const [delivery] = received;
    const headers = delivery.headers as Record<string, string>;
    expect(verifyWebhook(delivery.body, headers, hook.secret)).toEqual(event);
    let refused: unknown;
    try {
      verifyWebhook(delivery.body.replace('"id":1', '"id":2'), headers, hook.secret);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(TransmuteError);
    expect(refused).toMatchObject({ status: 400, code: 'invalid_signature' });
  });
});
