import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as presigned from '@/app/api/v1/convert/presigned-url/[id]/route';
import * as files from '@/app/api/v1/files/[token]/route';
import { runConversion } from '@/lib/conversions/run-conversion';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';

async function completedConversion(client: RouteClient, fileName: string): Promise<string> {
  const res = await client.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(await makePng(), fileName, 'webp'),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  expect(await runConversion(BigInt(id))).toBe('completed');
  return String(id);
}

describe('presigned downloads', () => {
  it('link to the public origin (PUBLIC_URL), never the Host or forwarded headers the client sent', async () => {
    const client = new RouteClient();
    const id = await completedConversion(client, 'photo.png');
    const headers = { host: 'files.lan:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };
    const path = `/api/v1/convert/presigned-url/${id}`;
    await withEnv({ PUBLIC_URL: 'https://files.example.com' }, async () => {
      const res = await client.call(presigned.GET, { path, params: { id }, headers });
      expect((await res.json()).url).toMatch(/^https:\/\/files\.example\.com\/api\/v1\/files\/[\w-]+\.[\w-]+$/);
      const redirect = await client.call(download.GET, {
        path: `/api/v1/convert/download/${id}?redirect=true`,
        params: { id },
        headers,
      });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toMatch(/^https:\/\/files\.example\.com\/api\/v1\/files\//);
    });
  });

  it('serve a non-ASCII file name with the same Content-Disposition as the direct download', async () => {
    const client = new RouteClient();
    const id = await completedConversion(client, 'résumé 日本.png');
    const direct = await client.call(download.GET, { path: `/api/v1/convert/download/${id}`, params: { id } });
    const expected = `attachment; filename="r?sum? ??.webp"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%E6%97%A5%E6%9C%AC.webp`;
    expect(direct.headers.get('content-disposition')).toBe(expected);

    const res = await client.call(presigned.GET, { path: `/api/v1/convert/presigned-url/${id}`, params: { id } });
    const token = new URL((await res.json()).url).pathname.split('/').pop()!;
    const file = await new RouteClient().call(files.GET, { path: `/api/v1/files/${token}`, params: { token } });
    expect(file.status).toBe(200);
    for (const header of ['content-disposition', 'content-type', 'content-length', 'x-content-type-options']) {
      expect(file.headers.get(header), header).toBe(direct.headers.get(header));
    }
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(await direct.arrayBuffer()));
  });
});
