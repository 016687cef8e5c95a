import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { makeLongVideo, makePng } from '../fixtures/files';
import { uploadOk, waitFinished, waitForStatus } from '../fixtures/conversions';

test('PNG → WebP: upload, SSE progress to completed, download with its length', async ({ request }) => {
  const created = await uploadOk(request, await makePng(), 'pic.png', 'webp');
  expect(created).toMatchObject({ status: 'pending', progress: 0, original_format: 'png', target_format: 'webp' });
  const sse = await request.get(`/api/v1/conversions/${created.id}/progress`);
  expect(sse.headers()['content-type']).toContain('text/event-stream');
  const text = await sse.text();
  expect(text).toContain('event: completed');
  expect(text).toContain('"progress":100');
  const dl = await request.get(`/api/v1/convert/download/${created.id}`);
  expect(dl.status()).toBe(200);
  expect(dl.headers()['x-content-type-options']).toBe('nosniff');
  expect(dl.headers()['content-disposition']).toContain('pic.webp');
  // Its length is said up front, so a browser shows the download's size and progress.
  const bytes = await dl.body();
  expect(dl.headers()['content-length']).toBe(String(bytes.length));
  const head = await request.head(`/api/v1/convert/download/${created.id}`);
  expect(head.status()).toBe(200);
  expect(head.headers()['content-length']).toBe(String(bytes.length));
  expect((await head.body()).length).toBe(0);
  const meta = await sharp(bytes).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
});

test('DOCX → PDF through LibreOffice: the text survives', async ({ request }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-docx-'));
  writeFileSync(path.join(dir, 'letter.txt'), 'Transmute end to end check 4711\n');
  execFileSync(
    'soffice',
    [
      '--headless',
      `-env:UserInstallation=file://${dir}/profile`,
      '--convert-to',
      'docx',
      '--outdir',
      dir,
      path.join(dir, 'letter.txt'),
    ],
    { stdio: 'ignore', timeout: 60_000 },
  );
  const created = await uploadOk(request, readFileSync(path.join(dir, 'letter.docx')), 'letter.docx', 'pdf');
  expect(created.original_format).toBe('docx');
  const done = await waitFinished(request, created.id);
  expect(done.conversion.status).toBe('completed');
  const pdf = await (await request.get(`/api/v1/convert/download/${created.id}`)).body();
  writeFileSync(path.join(dir, 'out.pdf'), pdf);
  expect(execFileSync('pdftotext', [path.join(dir, 'out.pdf'), '-']).toString()).toContain(
    'Transmute end to end check 4711',
  );
});

test('presigned URL downloads without any credentials', async ({ request, playwright, baseURL }) => {
  const created = await uploadOk(request, await makePng(), 'p.png', 'jpg');
  await waitFinished(request, created.id);
  const { url } = await (await request.get(`/api/v1/convert/presigned-url/${created.id}`)).json();
  const anonymous = await playwright.request.newContext({ baseURL });
  const res = await anonymous.get(url);
  expect(res.status()).toBe(200);
  expect((await sharp(await res.body()).metadata()).format).toBe('jpeg');
  await anonymous.dispose();
});

test('formats, health and the OpenAPI document', async ({ request }) => {
  const { formats } = await (await request.get('/api/v1/formats')).json();
  const byName = Object.fromEntries(formats.map((f: { format: string; targets: string[] }) => [f.format, f.targets]));
  expect(byName.docx).toContain('pdf');
  expect(byName.png).toContain('webp');
  expect(byName.mp4).toContain('mp3');
  const health = await request.get('/api/v1/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', storage: 'ok', queue: 'ok' } });
  const doc = await (await request.get('/api/v1/openapi.json')).json();
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.paths['/api/v1/convert/upload'].post).toBeDefined();
});

test('cancel a conversion while it runs, then delete it', async ({ request }) => {
  // Tens of seconds of video encoding: the engine is still at work when the cancel arrives.
  const created = await uploadOk(request, makeLongVideo(), 'long.mp4', 'webm');
  await waitForStatus(request, created.id, (status) => status === 'processing');
  const cancel = await request.post(`/api/v1/conversions/${created.id}/cancel`);
  expect(cancel.status(), await cancel.text()).toBe(200);
  expect((await cancel.json()).conversion.status).toBe('cancelled');
  expect((await (await request.get(`/api/v1/convert/status/${created.id}`)).json()).conversion.status).toBe(
    'cancelled',
  );
  const download = await request.get(`/api/v1/convert/download/${created.id}`);
  expect(download.status()).toBe(409);
  expect((await request.post(`/api/v1/conversions/${created.id}/cancel`)).status()).toBe(409);
  const del = await request.delete(`/api/v1/conversions/${created.id}`);
  expect(del.status()).toBe(200);
  expect((await request.get(`/api/v1/convert/status/${created.id}`)).status()).toBe(404);
});
