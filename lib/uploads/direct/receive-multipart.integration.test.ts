import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '@/lib/errors';
import { config } from '@/lib/config';
import { storage } from '@/lib/storage';
import { withNodeRequest } from '../node-request';
import { receiveMultipart } from './receive-multipart';

// Behind the web server (scripts/server.ts) the multipart body is read from the Node request
// itself, not through the web Request's stream; the outcomes must be the same as through it.

const MAX = 1_000_000;
let server: Server;
let url: string;
/** What the last request's handler saw: whether the web body was touched, and the outcome. */
let last: {
  webBodyUsed: boolean;
  result?: { size: number; bytes: Buffer; fields: Record<string, string> };
  code?: string;
};

/** The web Request Next builds from a Node request (the IncomingMessage as the body). */
const asNextRequest = (req: IncomingMessage) =>
  new Request(new URL(req.url ?? '/', url), {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req as unknown as ReadableStream,
    duplex: 'half',
  } as RequestInit);

beforeAll(async () => {
  server = createServer((req, res) =>
    withNodeRequest(req, async () => {
      const request = asNextRequest(req);
      try {
        const { fields, file } = await receiveMultipart(request, MAX);
        const chunks: Buffer[] = [];
        for await (const c of await storage().get(file!.key)) chunks.push(c as Buffer);
        await storage().delete(file!.key);
        last = { webBodyUsed: request.bodyUsed, result: { size: file!.size, bytes: Buffer.concat(chunks), fields } };
        res.end('ok');
      } catch (e) {
        last = { webBodyUsed: request.bodyUsed, code: isAppError(e) ? e.code : String(e) };
        res.writeHead(400).end(last.code);
      }
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const upload = (bytes: Uint8Array) => {
  const form = new FormData();
  form.set('target_format', 'webp');
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'a.bin');
  return fetch(url, { method: 'POST', body: form });
};
const storedInputs = async () => (await readdir(path.join(config.filesDir, 'inputs')).catch(() => [])).length;

describe('multipart read from the Node request', () => {
  it('stores the file byte for byte and parses the fields, without reading the web body', async () => {
    const bytes = Buffer.alloc(700_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) & 0xff;
    const res = await upload(bytes);
    expect(res.status).toBe(200);
    expect(last.webBodyUsed).toBe(false);
    expect(last.result?.fields).toEqual({ target_format: 'webp' });
    expect(last.result?.size).toBe(bytes.length);
    expect(last.result?.bytes.equals(bytes)).toBe(true);
  });

  it('cuts a file over the limit at the limit (413) and keeps nothing', async () => {
    const before = await storedInputs();
    const res = await upload(Buffer.alloc(MAX + 10_000, 1)); // declared length within the envelope: read, then cut
    expect(res.status).toBe(400);
    expect(last.code).toBe('payload_too_large');
    expect(await storedInputs()).toBe(before);
  });
});
