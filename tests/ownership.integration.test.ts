import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as presigned from '@/app/api/v1/convert/presigned-url/[id]/route';
import * as progress from '@/app/api/v1/conversions/[id]/progress/route';
import * as cancel from '@/app/api/v1/conversions/[id]/cancel/route';
import * as retry from '@/app/api/v1/conversions/[id]/retry/route';
import * as conversion from '@/app/api/v1/conversions/[id]/route';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { makePng } from '@/tests/support/fixtures';

// Every conversion endpoint, called by a stranger on someone else's conversion: 403, nothing changes.
const endpoints = (id: string) =>
  [
    ['status', status.GET, 'GET', `/api/v1/convert/status/${id}`],
    ['download', download.GET, 'GET', `/api/v1/convert/download/${id}`],
    ['download redirect', download.GET, 'GET', `/api/v1/convert/download/${id}?redirect=true`],
    ['presigned-url', presigned.GET, 'GET', `/api/v1/convert/presigned-url/${id}`],
    ['progress', progress.GET, 'GET', `/api/v1/conversions/${id}/progress`],
    ['cancel', cancel.POST, 'POST', `/api/v1/conversions/${id}/cancel`],
    ['retry', retry.POST, 'POST', `/api/v1/conversions/${id}/retry`],
    ['delete', conversion.DELETE, 'DELETE', `/api/v1/conversions/${id}`],
  ] as const;

async function ownedConversion(complete: boolean) {
  const owner = new RouteClient();
  const res = await owner.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(await makePng(), 'mine.png', 'webp'),
  });
  const { id } = await res.json();
  if (complete) await runConversion(BigInt(id));
  return { owner, id: String(id) };
}

describe("a stranger cannot touch another caller's conversion", () => {
  for (const complete of [false, true]) {
    it(`every endpoint answers 403 (conversion ${complete ? 'completed' : 'pending'})`, async () => {
      const { owner, id } = await ownedConversion(complete);
      const before = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
      const stranger = new RouteClient();
      for (const [name, handler, method, path] of endpoints(id)) {
        const res = await stranger.call(handler, { method, path, params: { id } });
        expect(res.status, name).toBe(403);
        expect((await res.json()).code, name).toBe('forbidden');
      }
      const after = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
      expect(after).toEqual(before);
      const mine = await owner.call(status.GET, { path: `/api/v1/convert/status/${id}`, params: { id } });
      expect(mine.status).toBe(200);
    });
  }

  it('a missing conversion answers 404 on every endpoint', async () => {
    const caller = new RouteClient();
    for (const [name, handler, method, path] of endpoints('4398046511104')) {
      const res = await caller.call(handler, { method, path, params: { id: '4398046511104' } });
      expect(res.status, name).toBe(404);
    }
  });

  it('a forged guest cookie is a different (new) guest, not the owner', async () => {
    const { id } = await ownedConversion(false);
    const forger = new RouteClient({ cookie: 'tm_guest=AAAAAAAAAAAAAAAAAAAAAAAA.forged' });
    const res = await forger.call(status.GET, { path: `/api/v1/convert/status/${id}`, params: { id } });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toMatch(/^tm_guest=.+HttpOnly/);
  });

  it('invalid credentials answer 401 instead of falling back to a guest', async () => {
    const { id } = await ownedConversion(false);
    for (const headers of [
      { 'x-api-key': 'tm_nope' },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: 'Basic abc' },
    ] as Record<string, string>[]) {
      const res = await new RouteClient(headers).call(status.GET, {
        path: `/api/v1/convert/status/${id}`,
        params: { id },
      });
      expect(res.status).toBe(401);
    }
  });

  it('a cross-origin state change with the guest cookie is refused (CSRF)', async () => {
    const { owner, id } = await ownedConversion(false);
    const res = await owner.call(cancel.POST, {
      method: 'POST',
      path: `/api/v1/conversions/${id}/cancel`,
      params: { id },
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(res.status).toBe(403);
    expect((await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } })).status).toBe('pending');
  });
});
