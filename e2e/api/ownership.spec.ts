import { expect, test } from '@playwright/test';
import { makePng } from '../fixtures/files';
import { uploadOk, waitFinished } from '../fixtures/conversions';

// A stranger calls every conversion endpoint on another caller's conversion: 403, nothing changes.
test('a stranger gets 403 on every conversion endpoint and changes nothing', async ({
  request,
  playwright,
  baseURL,
}) => {
  const created = await uploadOk(request, await makePng(), 'owner.png', 'webp');
  await waitFinished(request, created.id);
  const before = await (await request.get(`/api/v1/convert/status/${created.id}`)).json();

  const stranger = await playwright.request.newContext({ baseURL });
  const id = created.id;
  const calls = [
    () => stranger.get(`/api/v1/convert/status/${id}`),
    () => stranger.get(`/api/v1/convert/download/${id}`),
    () => stranger.get(`/api/v1/convert/download/${id}?redirect=true`, { maxRedirects: 0 }),
    () => stranger.get(`/api/v1/convert/presigned-url/${id}`),
    () => stranger.get(`/api/v1/conversions/${id}/progress`),
    () => stranger.post(`/api/v1/conversions/${id}/cancel`),
    () => stranger.delete(`/api/v1/conversions/${id}`),
  ];
  for (const call of calls) {
    const res = await call();
    expect(res.status(), res.url()).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden' });
  }
  await stranger.dispose();

  const after = await (await request.get(`/api/v1/convert/status/${created.id}`)).json();
  expect(after).toEqual(before);
  expect((await request.get(`/api/v1/convert/download/${created.id}`)).status()).toBe(200);
});

test('the guest identity is an HttpOnly cookie', async ({ playwright, baseURL }) => {
  const fresh = await playwright.request.newContext({ baseURL });
  const res = await fresh.post('/api/v1/convert/upload', {
    multipart: { target_format: 'webp', file: { name: 'a.png', mimeType: 'image/png', buffer: await makePng() } },
  });
  expect(res.status()).toBe(201);
  expect(res.headers()['set-cookie']).toMatch(/tm_guest=[^;]+;.*HttpOnly/);
  await fresh.dispose();
});
