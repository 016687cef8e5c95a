import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { db } from '@/lib/db';
import { config } from '@/lib/config';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { createPngConversion } from '@/tests/support/png-conversion';

const inputFiles = async () => readdir(path.join(config.filesDir, 'inputs')).catch(() => [] as string[]);

// Refusals of the direct upload: bad input, the plan's size limit and hostile file names.

describe('conversion API: refusals', () => {
  it('bad inputs get 400 with {error, code} and leave nothing behind', async () => {
    const client = new RouteClient();
    const png = await makePng();
    const before = { rows: await db.conversion.count(), files: (await inputFiles()).length };
    const cases: Array<[string, RequestInit & { headers?: Record<string, string> }, string]> = [
      [
        'no file',
        {
          body: (() => {
            const f = new FormData();
            f.append('target_format', 'webp');
            return f;
          })(),
        },
        'missing_file',
      ],
      ['no target', { body: uploadForm(png, 'a.png') }, 'validation_failed'],
      ['unknown target', { body: uploadForm(png, 'a.png', 'exe') }, 'unsupported_format'],
      ['unsupported pair', { body: uploadForm(png, 'a.png', 'mp3') }, 'unsupported_conversion'],
      [
        'wrong magic bytes',
        { body: uploadForm(Buffer.from([0xde, 0xad, 0xbe, 0xef, 0, 1, 2, 3, 0, 0, 0xff]), 'photo.png', 'webp') },
        'unsupported_format',
      ],
      [
        'JSON instead of multipart',
        { body: JSON.stringify({ target_format: 'webp' }), headers: { 'content-type': 'application/json' } },
        'unsupported_media_type',
      ],
    ];
    for (const [name, init, code] of cases) {
      const res = await client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: init.body as BodyInit,
        headers: init.headers,
      });
      const body = await res.json();
      expect(res.status, name).toBe(400);
      expect(body.code, name).toBe(code);
      expect(typeof body.error, name).toBe('string');
    }
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const res = await client.call(status.GET, { path: `/api/v1/convert/status/${bad}`, params: { id: bad } });
      expect(res.status, bad).toBe(400);
    }
    expect(await db.conversion.count()).toBe(before.rows);
    expect((await inputFiles()).length).toBe(before.files);
  });

  it('an upload over the plan limit is cut off with 413 and nothing is kept', async () => {
    await withEnv({ PLAN_FREE_MAX_UPLOAD_BYTES: '100000' }, async () => {
      const client = new RouteClient();
      const before = { rows: await db.conversion.count(), files: (await inputFiles()).length };
      const body = Buffer.concat([await makePng(), Buffer.alloc(300_000, 7)]);
      const res = await client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(body, 'big.png', 'webp'),
      });
      expect(res.status).toBe(413);
      expect((await res.json()).code).toBe('payload_too_large');
      expect(await db.conversion.count()).toBe(before.rows);
      expect((await inputFiles()).length).toBe(before.files);

      // Just over the limit with a declared length: the rest is read and dropped, still 413.
      const form = await new Response(
        uploadForm(Buffer.concat([await makePng(), Buffer.alloc(100_500, 7)]), 'edge.png', 'webp'),
      );
      const bytes = new Uint8Array(await form.arrayBuffer());
      const edge = await client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: bytes,
        headers: { 'content-type': form.headers.get('content-type')!, 'content-length': String(bytes.length) },
      });
      expect(edge.status).toBe(413);
      expect(await db.conversion.count()).toBe(before.rows);
      expect((await inputFiles()).length).toBe(before.files);
    });
  });

  it('hostile file names are display text only', async () => {
    const client = new RouteClient();
    // RFC 5987 lets a client send any bytes in a file name, control characters included.
    const boundary = 'hostile-boundary';
    const png = await makePng();
    const raw = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="target_format"\r\n\r\nwebp\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''..%2F..%2Fetc%2Fpass%00wd%07%E2%80%AE.png\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await client.call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: raw,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.original_file_name).toBe('passwd.png');
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(created.id) } });
    expect(row.inputKey).toMatch(/^inputs\/[A-Za-z0-9_-]+$/);
    // Raw control characters in the header itself are malformed: a clean 400, nothing stored.
    const bad = await client.call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(png, 'a\u0007b.png', 'webp'),
    });
    expect(bad.status).toBe(400);
    const long = await createPngConversion(client, 'webp', `-${'x'.repeat(300)}.png`);
    expect(long.original_file_name.length).toBeLessThanOrEqual(200);
    expect(long.original_file_name.startsWith('-x')).toBe(true);
  });
});
