import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as share from '@/app/api/v1/conversions/[id]/share/route';
import * as downloadUrl from '@/app/api/v1/share/[token]/download-url/route';
import * as signedFile from '@/app/api/v1/files/[token]/route';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import { storage } from '@/lib/storage';
import { makePng } from '@/tests/support/fixtures';
import { jsonBody, RouteClient, uploadForm } from '@/tests/support/route-client';

// POST /api/v1/share/{token}/download-url: the share page's way to a download the browser streams.

async function sharedLink(options: Record<string, unknown>) {
  const owner = new RouteClient();
  const res = await owner.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(await makePng(), 'holiday.png', 'webp'),
  });
  const { id } = (await res.json()) as { id: number };
  expect(await runConversion(BigInt(id))).toBe('completed');
  const created = await owner.call(share.POST, {
    method: 'POST',
    path: `/api/v1/conversions/${id}/share`,
    params: { id: String(id) },
    ...jsonBody(options),
  });
  expect(created.status).toBe(200);
  return { id: String(id), ...((await created.json()) as { token: string }) };
}

async function resultBytes(id: string) {
  const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
  const chunks: Buffer[] = [];
  for await (const chunk of await storage().get(row.resultKey)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('a short-lived direct link to a shared file (the share page streams from it)', () => {
  const askUrl = (token: string, password?: string) =>
    new RouteClient().call(downloadUrl.POST, {
      method: 'POST',
      path: `/api/v1/share/${token}/download-url`,
      params: { token },
      headers: password === undefined ? {} : { 'x-share-password': password },
    });

  it('checks the password and uses one access, then the link serves the exact bytes without it', async () => {
    const link = await sharedLink({ password: 'open sesame', access_limit: 1 });
    const missing = await askUrl(link.token);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'password_required' });
    expect((await askUrl(link.token, 'wrong one')).status).toBe(401);

    const res = await askUrl(link.token, 'open sesame');
    expect(res.status).toBe(200);
    const { url, expires_at } = (await res.json()) as { url: string; expires_at: string };
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now());
    const row = await db.shareLink.findUniqueOrThrow({ where: { token: link.token } });
    expect(row.accessCount).toBe(1);

    const fileToken = decodeURIComponent(new URL(url).pathname.split('/').pop()!);
    const file = await new RouteClient().call(signedFile.GET, {
      path: new URL(url).pathname,
      params: { token: fileToken },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('holiday.webp');
    expect(Buffer.from(await file.arrayBuffer()).equals(await resultBytes(link.id))).toBe(true);
    // Its one access is used: no second link.
    expect((await askUrl(link.token, 'open sesame')).status).toBe(410);
  });
});
