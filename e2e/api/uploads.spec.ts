import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { expect, test } from '@playwright/test';
import * as tus from 'tus-js-client';
import { waitFinished } from '../fixtures/conversions';
import { noisyPng } from '../fixtures/files';
import { PASSWORD, randomEmail } from '../../tests/support/test-data';

// Large files against the running app: a file just over the limit, the parts API and tus.

/**
 * A raw HTTP client: sends a multipart body of `size` bytes as fast as it can (with Content-Length,
 * or chunked as a client that does not know the length), and returns what it read.
 */
function rawUpload(baseURL: string, size: number, chunked = false): Promise<{ answer: string; error?: string }> {
  const { hostname, port } = new URL(baseURL);
  const boundary = 'just-over-the-limit';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="target_format"\r\n\r\nwebp\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileSize = size - head.length - tail.length;
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let answer = '';
    let sent = 0;
    const chunk = Buffer.alloc(256 * 1024, 7);
    const frame = (b: Buffer) =>
      chunked ? Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]) : b;
    const pump = () => {
      while (sent < fileSize) {
        const piece = chunk.subarray(0, Math.min(chunk.length, fileSize - sent));
        sent += piece.length;
        if (!socket.write(frame(piece))) return void socket.once('drain', pump);
      }
      socket.end(chunked ? Buffer.concat([frame(tail), Buffer.from('0\r\n\r\n')]) : tail);
    };
    socket.on('connect', () => {
      socket.write(
        `POST /api/v1/convert/upload HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
          (chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${size}\r\n\r\n`),
      );
      socket.write(frame(head));
      pump();
    });
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => resolve({ answer, error: e.code }));
    socket.on('close', () => resolve({ answer }));
  });
}

test('a file just over the limit (51 MB, anonymous) gets a clean 413, never a reset', async ({ baseURL }) => {
  const { answer, error } = await rawUpload(baseURL!, 51_000_000);
  expect(error).toBeUndefined();
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(answer).toContain('"code":"payload_too_large"');
});

// Without a declared length the server only learns at the limit: it answers 413, reads and drops the
// rest (lib/uploads/request-body.ts), and answers a client that half-closes after its last byte.
test('a chunked upload just over the limit gets the whole 413 answer', async ({ baseURL }) => {
  const { answer } = await rawUpload(baseURL!, 51_000_000, true);
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(answer).toContain('"code":"payload_too_large"');
});

test('parts API: init, parts in parallel (one retried), complete twice, the conversion completes', async ({
  request,
}) => {
  const file = await noisyPng(3000); // about 27 MB: four 8 MiB parts
  const init = await request.post('/api/v1/uploads/init', {
    data: { file_name: 'noise.png', file_size: file.length, target_format: 'webp' },
  });
  expect(init.status()).toBe(200);
  const u = await init.json();
  expect(u.part_count).toBe(Math.ceil(file.length / u.part_size));
  const part = (n: number) => file.subarray((n - 1) * u.part_size, n * u.part_size);
  const put = (n: number, body: Buffer) => request.put(`/api/v1/uploads/${u.token}/parts/${n}`, { data: body });

  expect((await put(1, randomBytes(u.part_size))).status()).toBe(200); // replaced below
  const numbers = Array.from({ length: u.part_count }, (_, i) => i + 1);
  const puts = await Promise.all(numbers.map((n) => put(n, part(n))));
  expect(puts.map((r) => r.status())).toEqual(numbers.map(() => 200));
  expect((await (await request.get(`/api/v1/uploads/${u.token}`)).json()).parts).toEqual(numbers);

  const [a, b] = await Promise.all([
    request.post(`/api/v1/uploads/${u.token}/complete`),
    request.post(`/api/v1/uploads/${u.token}/complete`),
  ]);
  expect([a.status(), b.status()]).toEqual([201, 201]);
  const [first, second] = [await a.json(), await b.json()];
  expect(second.id).toBe(first.id);
  // The call that created it answers pending; the repeat answers the same conversion as it is by
  // then (the worker may already have picked it up).
  const statuses = [first.status, second.status];
  expect(statuses).toContain('pending');
  for (const status of statuses) expect(['pending', 'processing', 'completed']).toContain(status);
  const conversion = first;
  expect(conversion).toMatchObject({ original_format: 'png', target_format: 'webp' });
  const done = await waitFinished(request, conversion.id, 90_000);
  expect(done.conversion.status).toBe('completed');
});

test('tus-js-client: upload, interrupt, resume from the stored URL, X-Conversion-Id, conversion completes', async ({
  playwright,
  baseURL,
}) => {
  const anon = await playwright.request.newContext({ baseURL });
  const email = randomEmail('e2e-tus');
  expect((await anon.post('/api/v1/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(200);
  const tokens = await (await anon.post('/api/v1/auth/token', { data: { email, password: PASSWORD } })).json();
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const file = await noisyPng(1500); // about 7 MB
  const chunkSize = 1024 * 1024;
  const options = {
    endpoint: `${baseURL}/api/v1/tus`,
    headers,
    chunkSize,
    retryDelays: null,
    metadata: { filename: 'noise.png', target_format: 'webp' },
  };

  const url = await new Promise<string>((resolve, reject) => {
    let chunks = 0;
    const first: tus.Upload = new tus.Upload(file, {
      ...options,
      onChunkComplete: () => {
        if (++chunks === 2) void first.abort().then(() => resolve(first.url!));
      },
      onError: reject,
    });
    first.start();
  });
  const last = await new Promise<tus.HttpResponse>((resolve, reject) => {
    const offsets: number[] = [];
    const second = new tus.Upload(file, {
      ...options,
      uploadUrl: url,
      onProgress: (sent) => offsets.push(sent),
      onSuccess: ({ lastResponse }) => {
        expect(Math.min(...offsets)).toBeGreaterThanOrEqual(2 * chunkSize);
        resolve(lastResponse);
      },
      onError: reject,
    });
    second.start();
  });
  const id = Number(last.getHeader('X-Conversion-Id'));
  expect(id).toBeGreaterThan(0);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const head = await api.head(url, { headers: { 'Tus-Resumable': '1.0.0' } });
  expect(head.headers()['x-conversion-id']).toBe(String(id));
  const done = await waitFinished(api, id, 90_000);
  expect(done.conversion.status).toBe('completed');
  await api.dispose();
  await anon.dispose();
});

/** Sends `head` and the first `cut` bytes of `body` on a raw socket, then drops the connection. */
function cutOffRequest(baseURL: string, head: string, body: Buffer, cut: number): Promise<void> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname, () => {
      socket.write(head);
      socket.write(body.subarray(0, cut), () => setTimeout(() => socket.destroy(), 300));
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve());
  });
}

// The running server hands tus the Node request's body (lib/uploads/tus/node-body.ts): its limits,
// cut-off bodies and creation-with-upload behave as @tus/server's own web-stream path does.
test('tus on the running server: a body past the length is 413 and keeps what fits; a cut body keeps what arrived', async ({
  request,
  baseURL,
}) => {
  const file = await noisyPng(1200); // about 4.3 MB
  const tusHeaders = { 'Tus-Resumable': '1.0.0' };
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  // creation-with-upload: the first 1 MiB comes with the POST.
  const created = await request.post('/api/v1/tus', {
    headers: {
      ...tusHeaders,
      'Upload-Length': String(file.length),
      'Upload-Metadata': `filename ${b64('noise.png')},target_format ${b64('webp')}`,
      'Content-Type': 'application/offset+octet-stream',
    },
    data: file.subarray(0, 1024 * 1024),
  });
  expect(created.status(), await created.text()).toBe(201);
  expect(created.headers()['upload-offset']).toBe(String(1024 * 1024));
  const url = new URL(created.headers().location!, `${baseURL}/api/v1/tus/`).pathname;
  const offsetNow = async () => Number((await request.head(url, { headers: tusHeaders })).headers()['upload-offset']);

  // A PATCH cut off half-way: what arrived is kept, never more than was sent.
  const cookies = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const rest = file.subarray(1024 * 1024);
  await cutOffRequest(
    baseURL!,
    `PATCH ${url} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookies}\r\nTus-Resumable: 1.0.0\r\n` +
      `Upload-Offset: ${1024 * 1024}\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${rest.length}\r\n\r\n`,
    rest,
    1024 * 1024,
  );
  const afterCut = await offsetNow();
  expect(afterCut).toBeGreaterThanOrEqual(1024 * 1024);
  expect(afterCut).toBeLessThanOrEqual(2 * 1024 * 1024);

  // A body longer than what the upload still lacks: 413 with this API's error body.
  const tooLong = await request.patch(url, {
    headers: { ...tusHeaders, 'Upload-Offset': String(afterCut), 'Content-Type': 'application/offset+octet-stream' },
    data: Buffer.concat([file.subarray(afterCut), Buffer.alloc(256 * 1024, 1)]),
  });
  expect(tooLong.status()).toBe(413);
  expect((await tooLong.json()).error).toBeTruthy();
  const afterRefusal = await offsetNow();
  expect(afterRefusal).toBeLessThanOrEqual(file.length);

  // The rest, from where the server says it is: the conversion starts, and the PNG decodes whole.
  const last = await request.patch(url, {
    headers: {
      ...tusHeaders,
      'Upload-Offset': String(afterRefusal),
      'Content-Type': 'application/offset+octet-stream',
    },
    data: file.subarray(afterRefusal),
  });
  expect(last.status(), await last.text()).toBe(204);
  const id = Number(last.headers()['x-conversion-id']);
  expect(id).toBeGreaterThan(0);
  const done = await waitFinished(request, id, 90_000);
  expect(done.conversion.status).toBe('completed');
});
