import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as batchUpload from '@/app/api/v1/batch/upload/route';
import * as init from '@/app/api/v1/uploads/init/route';
import * as part from '@/app/api/v1/uploads/[token]/parts/[number]/route';
import * as complete from '@/app/api/v1/uploads/[token]/complete/route';
import * as uploadUrl from '@/app/api/v1/convert/upload-url/route';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import { signedUpUser } from '@/tests/support/accounts';
import { AV, inputFiles, media, pagedDocx, post } from '@/tests/support/convert-options';
import { withEnv } from '@/tests/support/env';
import { makeNoisyPng, makePng } from '@/tests/support/fixtures';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { runAndDownload } from '@/tests/support/tool-client';

// Conversion options refused with a 400 naming the option (nothing kept), and options sent through
// the batch upload, the parts API, the URL import, and re-checked by the job.

describe('options refused with a 400 naming the option, nothing kept', () => {
  it.each([
    ['unknown option', 'png', 'jpg', { size: 3 }, /Unknown option "size"/],
    ['quality out of range', 'png', 'jpg', { quality: 0 }, /"quality"/],
    ['quality for PNG output', 'jpg', 'png', { quality: 50 }, /Option "quality" does not apply to jpg → png/],
    ['dpi for WebP output', 'png', 'webp', { dpi: 300 }, /Option "dpi" does not apply to png → webp/],
    ['crf for MP3', 'wav', 'mp3', { crf: 20 }, /Option "crf" does not apply to wav → mp3/],
    ['pages for an image', 'png', 'webp', { pages: '1' }, /Option "pages" does not apply/],
    ['bad page range', 'docx', 'pdf', { pages: '3-1' }, /"pages"/],
    ['wrong type', 'png', 'webp', { width: '800' }, /"width"/],
    ['bitrate and crf', 'mp4', 'webm', { crf: 30, video_bitrate: 500 }, /either video_bitrate or crf/],
    ['bad colour', 'png', 'webp', { background: 'red' }, /"background"/],
    ['not JSON', 'png', 'webp', '{width: 1', /not valid JSON/],
    ['not an object', 'png', 'webp', '[1]', /must be a JSON object/],
  ] as const)('%s', async (_case, from, target, options, message) => {
    const inputs: Record<string, () => Promise<Buffer> | Buffer> = {
      png: () => makePng(),
      jpg: () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
          .jpeg()
          .toBuffer(),
      wav: () => media('wav', ['-f', 'lavfi', '-i', 'sine=d=1']),
      mp4: () => media('mp4', AV(1)),
      docx: () => pagedDocx(1),
    };
    const before = await inputFiles();
    const rows = await db.conversion.count();
    const res = await post(new RouteClient(), await inputs[from](), `in.${from}`, target, options);
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(message) });
    expect((await inputFiles()).length).toBe(before.length);
    expect(await db.conversion.count()).toBe(rows);
  });

  it('the stored options carry their defaults (what the job applies)', async () => {
    const res = await post(new RouteClient(), await makePng(), 'a.png', 'webp', { width: 10 });
    const { id } = (await res.json()) as { id: number };
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(row.options).toEqual({ width: 10, fit: 'inside', strip_metadata: true });
  });
});

describe('options on the other ways in', () => {
  it('batch: one options part for every file', async () => {
    const { client } = await signedUpUser('starter');
    const body = new FormData();
    body.append('target_format', 'webp');
    body.append('options', JSON.stringify({ width: 32 }));
    for (const name of ['a.png', 'b.png'])
      body.append('file', new Blob([new Uint8Array(await makeNoisyPng(64, 64))]), name);
    const res = await client.call(batchUpload.POST, { method: 'POST', path: '/api/v1/batch/upload', body });
    expect(res.status).toBe(200);
    const created = (await res.json()) as { conversions: Array<{ id: number }> };
    for (const c of created.conversions) {
      const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(c.id) } });
      expect(row.options).toMatchObject({ width: 32 });
    }
    const refused = new FormData();
    refused.append('target_format', 'webp');
    refused.append('options', JSON.stringify({ crf: 3 }));
    refused.append('file', new Blob([new Uint8Array(await makePng())]), 'c.png');
    const bad = await client.call(batchUpload.POST, { method: 'POST', path: '/api/v1/batch/upload', body: refused });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/"c.png": Option "crf" does not apply/);
  });

  it('parts API: options in the complete body; a misfit keeps the upload open', async () => {
    const client = new RouteClient();
    const file = await makeNoisyPng(120, 80);
    const opened = await client.call(init.POST, {
      method: 'POST',
      path: '/api/v1/uploads/init',
      ...jsonBody({ file_name: 'p.png', file_size: file.length, target_format: 'jpg' }),
    });
    const { token } = (await opened.json()) as { token: string };
    const params = { token, number: '1' };
    await client.call(part.PUT, {
      method: 'PUT',
      path: `/api/v1/uploads/${token}/parts/1`,
      params,
      body: new Uint8Array(file),
    });
    const finish = (options: unknown) =>
      client.call(complete.POST, {
        method: 'POST',
        path: `/api/v1/uploads/${token}/complete`,
        params: { token },
        ...jsonBody({ options }),
      });
    const bad = await finish({ crf: 20 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/"crf" does not apply/);
    // The optional body is still checked when sent as JSON: broken JSON and a field beside `options` are refused.
    const broken = await client.call(complete.POST, {
      method: 'POST',
      path: `/api/v1/uploads/${token}/complete`,
      params: { token },
      body: '{"options":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'bad_request' });
    const extra = await client.call(complete.POST, {
      method: 'POST',
      path: `/api/v1/uploads/${token}/complete`,
      params: { token },
      ...jsonBody({ options: {}, target_format: 'png' }),
    });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({ code: 'validation_failed' });
    const ok = await finish({ width: 60 });
    const { bytes } = await runAndDownload(client, ok);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 60, height: 40 });
  });

  it('URL import: options checked against the target at once, stored for the job', async () => {
    const client = new RouteClient();
    const call = (options: unknown) =>
      withEnv({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1:9' }, () =>
        client.call(uploadUrl.POST, {
          method: 'POST',
          path: '/api/v1/convert/upload-url',
          ...jsonBody({ url: 'http://127.0.0.1:9/a.png', target_format: 'webp', options }),
        }),
      );
    const bad = await call({ audio_bitrate: 64 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/"audio_bitrate" does not apply/);
    const res = await call({ width: 50 });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(row.options).toEqual({ width: 50 });
    await db.conversion.delete({ where: { id: row.id } });
  });
});

describe('the job checks the stored options against the pair again', () => {
  it('options that do not fit the detected pair fail the conversion', async () => {
    const client = new RouteClient();
    const res = await post(client, await makePng(), 'a.png', 'webp', { width: 10 });
    const { id } = (await res.json()) as { id: number };
    await db.conversion.update({ where: { id: BigInt(id) }, data: { options: { crf: 20 } } });
    expect(await runConversion(BigInt(id))).toBe('failed');
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(row.error).toMatch(/Option "crf" does not apply/);
  });
});
