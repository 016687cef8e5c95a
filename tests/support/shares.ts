// A finished conversion shared by link, and the link's calls, through the route handlers.
import { expect } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as share from '@/app/api/v1/conversions/[id]/share/route';
import * as resolve from '@/app/api/v1/share/[token]/route';
import * as download from '@/app/api/v1/share/[token]/download/route';
import { runConversion } from '@/lib/conversions/run-conversion';
import { makePng } from '@/tests/support/fixtures';
import { jsonBody, RouteClient, uploadForm } from '@/tests/support/route-client';

export async function conversionOf(owner: RouteClient, complete = true) {
  const res = await owner.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(await makePng(), 'holiday.png', 'webp'),
  });
  const { id } = (await res.json()) as { id: number };
  if (complete) expect(await runConversion(BigInt(id))).toBe('completed');
  return String(id);
}

export const createShare = (client: RouteClient, id: string, options: Record<string, unknown> = {}) =>
  client.call(share.POST, {
    method: 'POST',
    path: `/api/v1/conversions/${id}/share`,
    params: { id },
    ...jsonBody(options),
  });

export async function sharedLink(options: Record<string, unknown> = {}) {
  const owner = new RouteClient();
  const id = await conversionOf(owner);
  const res = await createShare(owner, id, options);
  expect(res.status).toBe(200);
  const link = (await res.json()) as { token: string; url: string; expires_at: string; access_limit: number | null };
  return { owner, id, ...link };
}

export const resolveLink = (token: string) =>
  new RouteClient().call(resolve.GET, { path: `/api/v1/share/${token}`, params: { token } });
export const downloadAs = (client: RouteClient, token: string, password?: string) =>
  client.call(download.GET, {
    path: `/api/v1/share/${token}/download`,
    params: { token },
    headers: password === undefined ? {} : { 'x-share-password': password },
  });
export const downloadLink = (token: string, password?: string) => downloadAs(new RouteClient(), token, password);
