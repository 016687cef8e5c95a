import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as presigned from '@/app/api/v1/convert/presigned-url/[id]/route';
import * as files from '@/app/api/v1/files/[token]/route';
import * as conversion from '@/app/api/v1/conversions/[id]/route';
import * as cancel from '@/app/api/v1/conversions/[id]/cancel/route';
import { db } from '@/lib/db';
import { CONVERSION_ID_MIN } from '@/lib/domain/conversion-id';
import { runConversion } from '@/lib/conversions/run-conversion';
import { purgeExpiredConversions } from '@/lib/retention/purge-expired';
import { storage } from '@/lib/storage';
import { RouteClient } from '@/tests/support/route-client';
import { createPngConversion } from '@/tests/support/png-conversion';

describe('conversion API: upload → convert → download', () => {
  it('converts a PNG to WebP end to end and serves the bytes', async () => {
    const client = new RouteClient();
    const created = await createPngConversion(client);
    expect(created).toMatchObject({
      status: 'pending',
      progress: 0,
      original_format: 'png',
      original_file_name: 'photo.png',
    });
    expect(Number.isSafeInteger(created.id)).toBe(true);
    // retention: 24 h for an anonymous caller
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(24 * 3600 * 1000);

    expect(await runConversion(BigInt(created.id))).toBe('completed');
    const st = await client.call(status.GET, {
      path: `/api/v1/convert/status/${created.id}`,
      params: { id: String(created.id) },
    });
    const body = await st.json();
    expect(body.conversion).toMatchObject({ id: created.id, status: 'completed', progress: 100 });
    expect(body.conversion.original_format).toBeUndefined();

    const dl = await client.call(download.GET, {
      path: `/api/v1/convert/download/${created.id}`,
      params: { id: String(created.id) },
    });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.headers.get('content-disposition')).toContain('photo.webp');
    const meta = await sharp(Buffer.from(await dl.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('a retried job never produces a second result', async () => {
    const client = new RouteClient();
    const created = await createPngConversion(client, 'jpg');
    expect(await runConversion(BigInt(created.id))).toBe('completed');
    const first = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(created.id) } });
    expect(await runConversion(BigInt(created.id))).toBe('skipped');
    const second = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(created.id) } });
    expect(second.completedAt).toEqual(first.completedAt);
    expect(second.attempts).toBe(1);
  });

  it('presigned URL works without credentials, redirect=true points at it', async () => {
    const client = new RouteClient();
    const created = await createPngConversion(client, 'jpg');
    await runConversion(BigInt(created.id));
    const res = await client.call(presigned.GET, {
      path: `/api/v1/convert/presigned-url/${created.id}`,
      params: { id: String(created.id) },
    });
    const { url, expires_at } = await res.json();
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now());
    const token = new URL(url).pathname.split('/').pop()!;
    const anonymous = new RouteClient();
    const file = await anonymous.call(files.GET, { path: `/api/v1/files/${token}`, params: { token } });
    expect(file.status).toBe(200);
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe('jpeg');
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    expect(
      (await anonymous.call(files.GET, { path: `/api/v1/files/${tampered}`, params: { token: tampered } })).status,
    ).toBe(404);

    const redirect = await client.call(download.GET, {
      path: `/api/v1/convert/download/${created.id}?redirect=true`,
      params: { id: String(created.id) },
    });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toContain('/api/v1/files/');
  });

  it('download before completion answers 409', async () => {
    const client = new RouteClient();
    const created = await createPngConversion(client);
    const res = await client.call(download.GET, {
      path: `/api/v1/convert/download/${created.id}`,
      params: { id: String(created.id) },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('invalid_state');
  });

  it('cancel stops a pending conversion; the job then does nothing', async () => {
    const client = new RouteClient();
    const created = await createPngConversion(client);
    const res = await client.call(cancel.POST, {
      method: 'POST',
      path: `/api/v1/conversions/${created.id}/cancel`,
      params: { id: String(created.id) },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).conversion.status).toBe('cancelled');
    expect(await runConversion(BigInt(created.id))).toBe('skipped');
    const again = await client.call(cancel.POST, {
      method: 'POST',
      path: `/api/v1/conversions/${created.id}/cancel`,
      params: { id: String(created.id) },
    });
    expect(again.status).toBe(409);
  });

  it('delete removes the row and both files', async () => {
    const client = new RouteClient();
    const created = await createPngConversion(client);
    await runConversion(BigInt(created.id));
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(created.id) } });
    expect(await storage().size(row.resultKey)).toBeGreaterThan(0);
    const res = await client.call(conversion.DELETE, {
      method: 'DELETE',
      path: `/api/v1/conversions/${created.id}`,
      params: { id: String(created.id) },
    });
    expect(res.status).toBe(200);
    expect(await db.conversion.findUnique({ where: { id: BigInt(created.id) } })).toBeNull();
    expect(await storage().size(row.inputKey)).toBeNull();
    expect(await storage().size(row.resultKey)).toBeNull();
    const gone = await client.call(status.GET, {
      path: `/api/v1/convert/status/${created.id}`,
      params: { id: String(created.id) },
    });
    expect(gone.status).toBe(404);
  });

  it('expired conversions answer 404 and the sweep deletes their files', async () => {
    const client = new RouteClient();
    const created = await createPngConversion(client);
    await runConversion(BigInt(created.id));
    const id = BigInt(created.id);
    const row = await db.conversion.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await client.call(status.GET, { path: `/api/v1/convert/status/${id}`, params: { id: String(id) } });
    expect(res.status).toBe(404);
    expect(await purgeExpiredConversions()).toBeGreaterThanOrEqual(1);
    expect(await db.conversion.findUnique({ where: { id } })).toBeNull();
    expect(await storage().size(row.inputKey)).toBeNull();
    expect(await storage().size(row.resultKey)).toBeNull();
  });

  it('ids are random, not a sequence', async () => {
    const client = new RouteClient();
    const a = await createPngConversion(client);
    const b = await createPngConversion(client);
    expect(Math.abs(b.id - a.id)).toBeGreaterThan(1000);
    expect(a.id).toBeGreaterThanOrEqual(CONVERSION_ID_MIN);
  });
});
