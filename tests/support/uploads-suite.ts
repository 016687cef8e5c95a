// The parts API's integration tests, run once per storage driver (tests/uploads-parts*.integration.test.ts).
// Imported after the driver's environment is set: lib/config reads it at import.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as init from '@/app/api/v1/uploads/init/route';
import * as one from '@/app/api/v1/uploads/[token]/route';
import * as part from '@/app/api/v1/uploads/[token]/parts/[number]/route';
import * as complete from '@/app/api/v1/uploads/[token]/complete/route';
import { db } from '@/lib/db';
import { storage } from '@/lib/storage';
import { purgeExpiredUploads } from '@/lib/uploads/parts/abandon';
import { PART_SIZE_BYTES } from '@/lib/domain/upload-rules';
import { withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import type { StoreView } from '@/tests/support/store-view';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A PNG followed by random bytes: detected as PNG, `size` bytes long. */
async function pngFile(size: number): Promise<Buffer> {
  const png = await makePng();
  return Buffer.concat([png, randomBytes(size - png.length)]);
}

async function readStored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await storage().get(key)) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

type Upload = { token: string; part_size: number; part_count: number; parts: number[] };

function api(client: RouteClient) {
  return {
    init: (body: unknown) =>
      client.call(init.POST, { method: 'POST', path: '/api/v1/uploads/init', ...jsonBody(body) }),
    get: (token: string) => client.call(one.GET, { path: `/api/v1/uploads/${token}`, params: { token } }),
    remove: (token: string) =>
      client.call(one.DELETE, { method: 'DELETE', path: `/api/v1/uploads/${token}`, params: { token } }),
    put: (token: string, n: number | string, bytes: Buffer, headers: Record<string, string> = {}) =>
      client.call(part.PUT, {
        method: 'PUT',
        path: `/api/v1/uploads/${token}/parts/${n}`,
        params: { token, number: String(n) },
        body: new Uint8Array(bytes),
        headers,
      }),
    complete: (token: string) =>
      client.call(complete.POST, { method: 'POST', path: `/api/v1/uploads/${token}/complete`, params: { token } }),
  };
}

const slice = (file: Buffer, u: Upload, n: number) => file.subarray((n - 1) * u.part_size, n * u.part_size);

async function opened(client: RouteClient, file: Buffer, fileName = 'photo.png', target = 'webp') {
  const res = await api(client).init({ file_name: fileName, file_size: file.length, target_format: target });
  expect(res.status).toBe(200);
  return (await res.json()) as Upload;
}

export function uploadsSuite(store: StoreView) {
  describe(`parts API on ${store.driver} storage`, () => {
    it('init fixes the part size; parts out of order, retried, in parallel; complete converts the exact bytes', async () => {
      const client = new RouteClient();
      const file = await pngFile(2 * PART_SIZE_BYTES + 12_345);
      const res = await api(client).init({ file_name: 'photo.png', file_size: file.length, target_format: 'webp' });
      expect(res.status).toBe(200);
      const u = await res.json();
      expect(u).toMatchObject({
        file_name: 'photo.png',
        file_size: file.length,
        target_format: 'webp',
        part_size: PART_SIZE_BYTES,
        part_count: 3,
        parts: [],
      });
      expect(u.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(Date.parse(u.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

      // Part 2 first with the wrong bytes (right size), then 3 and 1 in parallel, then 2 again.
      expect((await api(client).put(u.token, 2, randomBytes(PART_SIZE_BYTES))).status).toBe(200);
      const [r3, r1] = await Promise.all([
        api(client).put(u.token, 3, slice(file, u, 3)),
        api(client).put(u.token, 1, slice(file, u, 1)),
      ]);
      expect([r3.status, r1.status]).toEqual([200, 200]);
      expect(await r3.json()).toEqual({ part_number: 3, size: 12_345 });
      const retried = await api(client).put(u.token, 2, slice(file, u, 2));
      expect(await retried.json()).toEqual({ part_number: 2, size: PART_SIZE_BYTES });
      expect((await (await api(client).get(u.token)).json()).parts).toEqual([1, 2, 3]);

      const done = await api(client).complete(u.token);
      expect(done.status).toBe(201);
      const conversion = await done.json();
      expect(conversion).toMatchObject({
        original_file_name: 'photo.png',
        original_format: 'png',
        target_format: 'webp',
        status: 'pending',
        progress: 0,
      });
      const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(conversion.id) } });
      expect(Number(row.inputSize)).toBe(file.length);
      expect(sha256(await readStored(row.inputKey))).toBe(sha256(file));

      // A repeat returns the same conversion; a part after completion is refused.
      const again = await api(client).complete(u.token);
      expect(again.status).toBe(201);
      expect((await again.json()).id).toBe(conversion.id);
      expect((await api(client).put(u.token, 1, slice(file, u, 1))).status).toBe(409);
    });

    it('complete called twice at the same time gives one conversion, charged once', async () => {
      const client = new RouteClient();
      const file = await pngFile(1000);
      const u = await opened(client, file);
      await api(client).put(u.token, 1, file);
      const usage = () => db.usageDay.aggregate({ _sum: { count: true } }).then((r) => r._sum.count ?? 0);
      const before = await db.conversion.count();
      const charged = await usage();
      const [a, b] = await Promise.all([api(client).complete(u.token), api(client).complete(u.token)]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect((await a.json()).id).toBe((await b.json()).id);
      expect(await db.conversion.count()).toBe(before + 1);
      expect(await usage()).toBe(charged + 1);
    });

    it('wrong sizes, numbers out of range and bodies longer than announced are 400 and store nothing', async () => {
      const client = new RouteClient();
      const file = await pngFile(PART_SIZE_BYTES + 100);
      const u = await opened(client, file);
      const cases: Array<[number | string, Buffer, Record<string, string>?]> = [
        [1, slice(file, u, 1).subarray(1)], // one byte short
        [2, Buffer.alloc(101)], // the last part is the remainder, 100 bytes
        [2, Buffer.alloc(99)],
        [2, Buffer.alloc(100), { 'content-length': '101' }],
        [3, Buffer.alloc(100)], // only 2 parts
        [0, Buffer.alloc(100)],
        ['x', Buffer.alloc(100)],
      ];
      for (const [n, bytes, headers] of cases) {
        const res = await api(client).put(u.token, n, bytes, headers);
        expect(res.status, `part ${n} of ${bytes.length} bytes`).toBe(400);
        expect((await res.json()).code).toBeTruthy();
      }
      expect((await (await api(client).get(u.token)).json()).parts).toEqual([]);
    });

    it('missing parts are a 400 naming them, and the upload stays open', async () => {
      const client = new RouteClient();
      const file = await pngFile(2 * PART_SIZE_BYTES + 10);
      const u = await opened(client, file);
      await api(client).put(u.token, 2, slice(file, u, 2));
      const res = await api(client).complete(u.token);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/Missing parts: 1, 3\b/);
      await api(client).put(u.token, 1, slice(file, u, 1));
      await api(client).put(u.token, 3, slice(file, u, 3));
      expect((await api(client).complete(u.token)).status).toBe(201);
    });

    it('an unsupported pair is a 400 at complete and the bytes and the upload are deleted', async () => {
      const client = new RouteClient();
      const file = Buffer.from('just some words\n'.repeat(100));
      const u = await opened(client, file, 'notes.txt', 'mp4'); // ffmpeg makes mp4, but not from text
      await api(client).put(u.token, 1, file);
      const { storageKey } = await db.upload.findUniqueOrThrow({ where: { token: u.token } });
      const res = await api(client).complete(u.token);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('unsupported_conversion');
      expect(await storage().size(storageKey)).toBeNull();
      expect((await api(client).get(u.token)).status).toBe(404);
    });

    it('init: 413 over the plan before any byte; 400 for a target no engine makes or a bad size', async () => {
      const client = new RouteClient();
      const over = await api(client).init({ file_name: 'big.mov', file_size: 50_000_001, target_format: 'mp4' });
      expect(over.status).toBe(413);
      expect((await over.json()).code).toBe('payload_too_large');
      for (const body of [
        { file_name: 'a.png', file_size: 10, target_format: 'nope' },
        { file_name: 'a.png', file_size: 0, target_format: 'webp' },
        { file_name: 'a.png', file_size: -5, target_format: 'webp' },
        { file_name: 'a.png', target_format: 'webp' },
        { file_name: 'a.png', file_size: 10, target_format: 'webp', extra: 1 },
        { file_name: 'a\u0000.png', file_size: 10, target_format: 'webp' },
      ]) {
        const res = await api(client).init(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
    });

    it('the daily allowance is charged at complete, not at init', async () => {
      await withEnv({ PLAN_FREE_DAILY_CONVERSIONS: '0' }, async () => {
        const client = new RouteClient();
        const file = await pngFile(500);
        const u = await opened(client, file);
        expect((await api(client).put(u.token, 1, file)).status).toBe(200);
        const res = await api(client).complete(u.token);
        expect(res.status).toBe(429);
        expect((await res.json()).code).toBe('quota_exceeded');
      });
    });

    it('abandon: DELETE drops the parts and the token answers 404', async () => {
      const client = new RouteClient();
      const file = await pngFile(PART_SIZE_BYTES + 1);
      const u = await opened(client, file);
      await api(client).put(u.token, 1, slice(file, u, 1));
      const { storageKey } = await db.upload.findUniqueOrThrow({ where: { token: u.token } });
      expect(await store.multipartOpen(storageKey)).toBe(true);
      expect(await (await api(client).remove(u.token)).json()).toEqual({ deleted: true });
      expect(await store.multipartOpen(storageKey)).toBe(false);
      expect(await db.uploadPart.count({ where: { uploadToken: u.token } })).toBe(0);
      expect((await api(client).get(u.token)).status).toBe(404);
      expect((await api(client).put(u.token, 2, Buffer.alloc(1))).status).toBe(404);
      expect((await api(client).complete(u.token)).status).toBe(404);
      expect((await api(client).remove(u.token)).status).toBe(404);
    });

    // On S3 the store itself refuses a part of an aborted multipart upload, before any record.
    if (store.driver === 'local')
      it('abandoned while a part arrives: that part answers 404, nothing recorded', async () => {
        const client = new RouteClient();
        const file = await pngFile(PART_SIZE_BYTES + 1);
        const u = await opened(client, file);
        const bytes = slice(file, u, 1);
        let release = () => {};
        let firstBytesRead = () => {};
        const reading = new Promise<void>((resolve) => (firstBytesRead = resolve));
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(bytes.subarray(0, 1000)));
            release = () => {
              controller.enqueue(new Uint8Array(bytes.subarray(1000)));
              controller.close();
            };
          },
          // Asked for more once the server has taken the first bytes (the queue holds one chunk).
          pull: () => firstBytesRead(),
        });
        const putting = client.call(part.PUT, {
          method: 'PUT',
          path: `/api/v1/uploads/${u.token}/parts/1`,
          params: { token: u.token, number: '1' },
          body,
          headers: { 'content-length': String(bytes.length) },
        });
        // The part's first bytes are being written when the upload is abandoned.
        await reading;
        expect((await api(client).remove(u.token)).status).toBe(200);
        release();
        const res = await putting;
        expect(res.status).toBe(404);
        expect((await res.json()).code).toBe('not_found');
        expect(await db.uploadPart.count({ where: { uploadToken: u.token } })).toBe(0);
      });

    it('a stranger gets 403 on every token endpoint, an unknown token 404', async () => {
      const owner = new RouteClient();
      const stranger = new RouteClient();
      const file = await pngFile(1000);
      const u = await opened(owner, file);
      await api(stranger).get('warm-up-the-guest-cookie');
      const attempts = [
        api(stranger).get(u.token),
        api(stranger).put(u.token, 1, file),
        api(stranger).complete(u.token),
        api(stranger).remove(u.token),
      ];
      for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);
      for (const res of [
        await api(owner).get('no-such-upload-token-000000'),
        await api(owner).put('no-such-upload-token-000000', 1, file),
        await api(owner).complete('no-such-upload-token-000000'),
        await api(owner).remove('no-such-upload-token-000000'),
      ]) {
        expect(res.status).toBe(404);
      }
      expect((await api(owner).get(u.token)).status).toBe(200); // untouched by the stranger
    });

    it('uploads not completed within 24 hours are deleted by the retention sweep', async () => {
      const client = new RouteClient();
      const file = await pngFile(PART_SIZE_BYTES + 5);
      const u = await opened(client, file);
      await api(client).put(u.token, 1, slice(file, u, 1));
      await db.upload.update({ where: { token: u.token }, data: { expiresAt: new Date(Date.now() - 1000) } });
      expect((await api(client).get(u.token)).status).toBe(404); // expired answers 404 before the sweep
      const { storageKey } = await db.upload.findUniqueOrThrow({ where: { token: u.token } });
      expect(await store.multipartOpen(storageKey)).toBe(true);
      expect(await purgeExpiredUploads()).toBeGreaterThanOrEqual(1);
      expect(await db.upload.findUnique({ where: { token: u.token } })).toBeNull();
      expect(await store.multipartOpen(storageKey)).toBe(false);
    });
  });
}
