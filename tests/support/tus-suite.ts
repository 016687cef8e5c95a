// The tus endpoint's integration tests, run once per storage driver (tests/uploads-tus*.integration.test.ts).
// Imported after the driver's environment is set: lib/config reads it at import.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as tus from 'tus-js-client';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import { storage } from '@/lib/storage';
import { purgeExpiredUploads } from '@/lib/uploads/parts/abandon';
import { MAX_FILE_SIZE_BYTES } from '@/lib/domain/upload-rules';
import { signedUpUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { startRouteServer } from '@/tests/support/route-server';
import type { StoreView } from '@/tests/support/store-view';
import { TUS_RESUMABLE, tusMetadata, tusPatchHeaders } from '@/tests/support/tus-wire';
import { TUS_ROUTES } from '@/tests/support/upload-routes';

let server: Awaited<ReturnType<typeof startRouteServer>>;
let endpoint: string;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function pngFile(size: number) {
  const png = await makePng();
  return Buffer.concat([png, randomBytes(size - png.length)]);
}

type Options = Partial<tus.UploadOptions>;

/** Runs a tus-js-client upload to its end; resolves with the last response or rejects with the error. */
function upload(file: Buffer, headers: Record<string, string>, options: Options = {}) {
  return new Promise<{ url: string; last: tus.HttpResponse }>((resolve, reject) => {
    const u = new tus.Upload(file, {
      endpoint,
      headers,
      metadata: { filename: 'photo.png', target_format: 'webp' },
      retryDelays: null,
      ...options,
      onSuccess: ({ lastResponse }) => resolve({ url: u.url!, last: lastResponse }),
      onError: reject,
    });
    u.start();
  });
}

const raw = (url: string, init: RequestInit & { headers?: Record<string, string> }) =>
  fetch(url, { ...init, headers: { ...TUS_RESUMABLE, ...init.headers } });

export function tusSuite(store: StoreView) {
  // tus's progress record beside the bytes: `<id>.json` from @tus/file-store, `<id>.info` from @tus/s3-store.
  const record = (token: string) => `inputs/${token}.${store.driver === 'local' ? 'json' : 'info'}`;

  beforeAll(async () => {
    server = await startRouteServer(TUS_ROUTES);
    endpoint = `${server.url}/api/v1/tus`;
  });
  afterAll(() => server?.close());

  describe(`tus endpoint on ${store.driver} storage`, () => {
    it('upload, interrupt, resume from the stored URL: X-Conversion-Id on the last PATCH and later HEADs', async () => {
      const { tokens } = await signedUpUser('pro');
      const auth = { authorization: `Bearer ${tokens.access_token}` };
      const file = await pngFile(5 * 1024 * 1024 + 77);
      const chunkSize = 1024 * 1024;

      // First attempt: stopped after two chunks, as a dropped connection would stop it.
      let uploadUrl = '';
      await new Promise<void>((resolve, reject) => {
        let chunks = 0;
        const first: tus.Upload = new tus.Upload(file, {
          endpoint,
          headers: auth,
          chunkSize,
          metadata: { filename: 'photo.png', target_format: 'webp' },
          retryDelays: null,
          onChunkComplete: () => {
            if (++chunks === 2) {
              uploadUrl = first.url!;
              void first.abort().then(resolve);
            }
          },
          onError: reject,
          onSuccess: () => reject(new Error('should have been interrupted')),
        });
        first.start();
      });
      expect(uploadUrl).toMatch(/\/api\/v1\/tus\/[A-Za-z0-9_-]{32}$/);
      const head = await raw(uploadUrl, { method: 'HEAD', headers: auth });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get('upload-offset'))).toBe(2 * chunkSize);
      expect(head.headers.get('x-conversion-id')).toBeNull();

      // Resume: only the rest is sent.
      const offsets: number[] = [];
      const { last } = await upload(file, auth, {
        uploadUrl,
        chunkSize,
        onProgress: (sent) => offsets.push(sent),
      });
      expect(Math.min(...offsets)).toBeGreaterThanOrEqual(2 * chunkSize);
      const conversionId = last.getHeader('X-Conversion-Id');
      expect(conversionId).toMatch(/^[0-9]+$/);

      const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(conversionId!) } });
      expect(row).toMatchObject({
        originalFormat: 'png',
        targetFormat: 'webp',
        status: 'pending',
        originalFileName: 'photo.png',
      });
      const stored: Buffer[] = [];
      for await (const c of await storage().get(row.inputKey)) stored.push(Buffer.from(c));
      expect(sha256(Buffer.concat(stored))).toBe(sha256(file));

      const later = await raw(uploadUrl, { method: 'HEAD', headers: auth });
      expect(later.headers.get('x-conversion-id')).toBe(conversionId);
      // Finished: its bytes are the conversion's input, so tus termination is refused.
      expect((await raw(uploadUrl, { method: 'DELETE', headers: auth })).status).toBe(400);
    });

    it('once its conversion completed (the input deleted), HEAD, the last PATCH sent again and DELETE answer from the row', async () => {
      const { tokens } = await signedUpUser('pro');
      const auth = { authorization: `Bearer ${tokens.access_token}` };
      const png = await makePng();
      const { url, last } = await upload(png, auth);
      const conversionId = last.getHeader('X-Conversion-Id')!;
      expect(await runConversion(BigInt(conversionId))).toBe('completed');
      const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(conversionId) } });
      await vi.waitFor(async () => expect(await storage().size(row.inputKey)).toBeNull());

      const head = await raw(url, { method: 'HEAD', headers: auth });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(png.length));
      expect(head.headers.get('upload-length')).toBe(String(png.length));
      expect(head.headers.get('x-conversion-id')).toBe(conversionId);
      // A client that lost the last PATCH's answer may send it again: answered as it was.
      const again = await raw(url, { method: 'PATCH', headers: { ...auth, ...tusPatchHeaders(png.length) } });
      expect(again.status).toBe(204);
      expect(again.headers.get('upload-offset')).toBe(String(png.length));
      expect(again.headers.get('x-conversion-id')).toBe(conversionId);
      const early = await raw(url, {
        method: 'PATCH',
        headers: { ...auth, ...tusPatchHeaders(0) },
        body: png.subarray(0, 10),
      });
      expect(early.status).toBe(409);
      expect(await early.json()).toMatchObject({ code: 'conflict' });
      const removal = await raw(url, { method: 'DELETE', headers: auth });
      expect(removal.status).toBe(400);
      expect(await removal.json()).toMatchObject({ code: 'bad_request' });
    });

    it('OPTIONS tells the version, the extensions offered (not a deferred length) and the maximum size', async () => {
      const res = await fetch(endpoint, { method: 'OPTIONS' });
      expect(res.status).toBe(204);
      expect(res.headers.get('tus-version')).toBe('1.0.0');
      expect(res.headers.get('tus-extension')?.split(',').sort()).toEqual(
        ['creation', 'creation-with-upload', 'expiration', 'termination'].sort(),
      );
      expect(Number(res.headers.get('tus-max-size'))).toBe(MAX_FILE_SIZE_BYTES);
    });

    it('creation checks: deferred length, missing metadata, unknown target, over the plan (413)', async () => {
      const cases: Array<[Record<string, string>, number]> = [
        [
          { 'Upload-Defer-Length': '1', 'Upload-Metadata': tusMetadata({ filename: 'a.png', target_format: 'webp' }) },
          400,
        ],
        [{ 'Upload-Length': '10' }, 400],
        [{ 'Upload-Length': '10', 'Upload-Metadata': tusMetadata({ filename: 'a.png' }) }, 400],
        [{ 'Upload-Length': '10', 'Upload-Metadata': tusMetadata({ filename: 'a.png', target_format: 'nope' }) }, 400],
        [
          { 'Upload-Length': '50000001', 'Upload-Metadata': tusMetadata({ filename: 'a.mov', target_format: 'mp4' }) },
          413,
        ],
        [
          {
            'Upload-Length': '10',
            'Upload-Metadata': tusMetadata({ filename: 'a.png', target_format: 'webp', options: '{"crf":1}' }),
          },
          400,
        ],
        [
          {
            'Upload-Length': '10',
            'Upload-Metadata': tusMetadata({ filename: 'a.png', target_format: 'webp', options: '{' }),
          },
          400,
        ],
      ];
      const before = await db.upload.count();
      for (const [headers, status] of cases) {
        const res = await raw(endpoint, { method: 'POST', headers });
        expect(res.status, JSON.stringify(headers)).toBe(status);
        expect((await res.json()).code).toBeTruthy();
      }
      expect(await db.upload.count()).toBe(before);
    });

    it('options in Upload-Metadata (JSON) become the conversion options', async () => {
      const { tokens } = await signedUpUser('pro');
      const auth = { authorization: `Bearer ${tokens.access_token}` };
      const metadata = { filename: 'photo.png', target_format: 'webp', options: '{"width":16}' };
      const { last } = await upload(await makePng(), auth, { metadata });
      const id = BigInt(last.getHeader('X-Conversion-Id')!);
      expect((await db.conversion.findUniqueOrThrow({ where: { id } })).options).toMatchObject({ width: 16 });
    });

    it('a stranger gets 403 on HEAD, PATCH and DELETE; an unknown upload 404', async () => {
      const owner = await signedUpUser('pro');
      const stranger = await signedUpUser('pro');
      const file = await pngFile(3 * 1024 * 1024);
      const ownerAuth = { authorization: `Bearer ${owner.tokens.access_token}` };
      const created = await raw(endpoint, {
        method: 'POST',
        headers: {
          ...ownerAuth,
          'Upload-Length': String(file.length),
          'Upload-Metadata': tusMetadata({ filename: 'a.png', target_format: 'webp' }),
        },
      });
      expect(created.status).toBe(201);
      const url = new URL(created.headers.get('location')!, endpoint).href;
      const strangerAuth = { authorization: `Bearer ${stranger.tokens.access_token}` };
      const patch = tusPatchHeaders(0);
      expect((await raw(url, { method: 'HEAD', headers: strangerAuth })).status).toBe(403);
      expect(
        (await raw(url, { method: 'PATCH', headers: { ...strangerAuth, ...patch }, body: file.subarray(0, 10) }))
          .status,
      ).toBe(403);
      expect((await raw(url, { method: 'DELETE', headers: strangerAuth })).status).toBe(403);
      expect(
        (await raw(`${endpoint}/NoSuchUploadToken0000000000000000`, { method: 'HEAD', headers: ownerAuth })).status,
      ).toBe(404);

      // The owner can still terminate it: the token then answers 404 and nothing is left.
      expect((await raw(url, { method: 'DELETE', headers: ownerAuth })).status).toBe(204);
      expect((await raw(url, { method: 'HEAD', headers: ownerAuth })).status).toBe(404);
      const token = url.split('/').pop()!;
      expect(await store.has(`inputs/${token}`)).toBe(false);
      expect(await store.has(record(token))).toBe(false);
      expect(await store.multipartOpen(`inputs/${token}`)).toBe(false);
    });

    it('a refused file at the last byte answers 400 and is deleted; the allowance applies (429)', async () => {
      const user = await signedUpUser('pro');
      const auth = { authorization: `Bearer ${user.tokens.access_token}` };
      const text = Buffer.from('plain words\n'.repeat(1000));
      const refused = upload(text, auth, { metadata: { filename: 'notes.txt', target_format: 'mp4' } });
      await expect(refused).rejects.toThrow(/response code: 400/);
      await withEnv({ PLAN_PRO_DAILY_CONVERSIONS: '0' }, async () => {
        await expect(upload(await pngFile(2000), auth)).rejects.toThrow(/response code: 429/);
      });
      const leftovers = await db.upload.count({ where: { userId: user.id } });
      expect(leftovers).toBe(0);
    });

    it('unfinished tus uploads are deleted by the retention sweep', async () => {
      const user = await signedUpUser('pro');
      const auth = { authorization: `Bearer ${user.tokens.access_token}` };
      const created = await raw(endpoint, {
        method: 'POST',
        headers: {
          ...auth,
          'Upload-Length': '100',
          'Upload-Metadata': tusMetadata({ filename: 'a.png', target_format: 'webp' }),
        },
      });
      const token = created.headers.get('location')!.split('/').pop()!;
      expect(await store.has(record(token))).toBe(true);
      await db.upload.update({ where: { token }, data: { expiresAt: new Date(Date.now() - 1) } });
      await purgeExpiredUploads();
      expect(await db.upload.findUnique({ where: { token } })).toBeNull();
      expect(await store.has(`inputs/${token}`)).toBe(false);
      expect(await store.has(record(token))).toBe(false);
      expect(await store.multipartOpen(`inputs/${token}`)).toBe(false);
    });
  });
}
