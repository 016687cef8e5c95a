import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { filePart, makeLongVideo, makePng } from '../fixtures/files';

// POST /api/v1/convert through the real web server and worker: the file in, the result out.

test('answers the converted file in the same request', async ({ request }) => {
  const res = await request.post('/api/v1/convert', {
    multipart: { target_format: 'webp', options: '{"width": 32}', file: filePart(await makePng(), 'pic.png') },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(res.headers()['content-disposition']).toContain('pic.webp');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(await sharp(await res.body()).metadata()).toMatchObject({ format: 'webp', width: 32 });
  const id = res.headers()['x-conversion-id'];
  const status = await (await request.get(`/api/v1/convert/status/${id}`)).json();
  expect(status.conversion).toMatchObject({ status: 'completed', progress: 100 });
});

test('answers 202 with the Conversion and its status Location once `wait` passes; the job goes on', async ({
  request,
}) => {
  const res = await request.post('/api/v1/convert?wait=1', {
    multipart: { target_format: 'webm', file: filePart(makeLongVideo(), 'long.mp4') },
  });
  expect(res.status(), await res.text()).toBe(202);
  const conversion = await res.json();
  expect(conversion).toMatchObject({ original_format: 'mp4', target_format: 'webm' });
  const location = new URL(res.headers()['location']);
  expect(location.pathname).toBe(`/api/v1/convert/status/${conversion.id}`);
  const status = await (await request.get(location.pathname)).json();
  expect(['pending', 'processing']).toContain(status.conversion.status);
  // Not waited for: the encode takes tens of seconds.
  expect((await request.post(`/api/v1/conversions/${conversion.id}/cancel`)).status()).toBe(200);
});

test('answers 422 with the reason when the conversion fails', async ({ request }) => {
  const png = await makePng(32, 32);
  const broken = Buffer.concat([png.subarray(0, 33), png.subarray(png.length - 12)]); // no pixel data
  const res = await request.post('/api/v1/convert', {
    multipart: { target_format: 'jpg', file: filePart(broken, 'broken.png') },
  });
  expect(res.status()).toBe(422);
  expect(await res.json()).toMatchObject({ code: 'conversion_failed' });
  expect(res.headers()['x-conversion-id']).toMatch(/^\d+$/);
});
