import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as batchUpload from '@/app/api/v1/batch/upload/route';
import * as init from '@/app/api/v1/uploads/init/route';
import * as part from '@/app/api/v1/uploads/[token]/parts/[number]/route';
import * as complete from '@/app/api/v1/uploads/[token]/complete/route';
import * as uploadUrl from '@/app/api/v1/convert/upload-url/route';
import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import { docx, paragraph } from '@/tests/fixtures/hostile-documents';
import { buildZip } from '@/tests/fixtures/zip';
import { signedUpUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import { makeNoisyPng, makePng } from '@/tests/support/fixtures';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { runAndDownload } from '@/tests/support/tool-client';

// Conversion options end to end: through POST /convert/upload (and batch, parts, URL import), the
// job, the real engine, and the result read back with sharp, ffprobe and pdfinfo.

const tmp = mkdtempSync(path.join(os.tmpdir(), 'convert-options-'));
const inputFiles = async () => readdir(path.join(config.filesDir, 'inputs')).catch(() => [] as string[]);

function form(file: Buffer, name: string, target: string, options?: unknown): FormData {
  const body = new FormData();
  body.append('target_format', target);
  if (options !== undefined) body.append('options', typeof options === 'string' ? options : JSON.stringify(options));
  body.append('file', new Blob([new Uint8Array(file)]), name);
  return body;
}

const post = (client: RouteClient, file: Buffer, name: string, target: string, options?: unknown) =>
  client.call(upload.POST, { method: 'POST', path: '/api/v1/convert/upload', body: form(file, name, target, options) });

async function convert(file: Buffer, name: string, target: string, options?: unknown): Promise<Buffer> {
  const client = new RouteClient();
  const res = await post(client, file, name, target, options);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await runAndDownload(client, res)).bytes;
}

function saved(bytes: Buffer, ext: string): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.${ext}`);
  writeFileSync(file, bytes);
  return file;
}

type Stream = {
  codec_type: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  channels?: number;
  sample_rate?: string;
};
type Probe = { streams: Stream[]; format: { duration: string; bit_rate: string } };
const probe = (bytes: Buffer, ext: string): Probe =>
  JSON.parse(
    execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type,width,height,r_frame_rate,channels,sample_rate:format=duration,bit_rate',
        '-of',
        'json',
        saved(bytes, ext),
      ],
      {
        encoding: 'utf8',
      },
    ),
  ) as Probe;

const media = (ext: string, lavfi: string[]) => {
  const file = path.join(tmp, `in-${Math.random().toString(36).slice(2)}.${ext}`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...lavfi, file]);
  return readFileSync(file);
};
const AV = (seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc=d=${seconds}:s=320x240:r=25`,
  '-f',
  'lavfi',
  '-i',
  `sine=d=${seconds}:f=440`,
  '-ac',
  '2',
  '-shortest',
];

const pdfinfo = (bytes: Buffer, ...args: string[]) =>
  execFileSync('pdfinfo', [...args, saved(bytes, 'pdf')], { encoding: 'utf8' });

/** A Word document of `pages` pages (a page break between paragraphs). */
const pagedDocx = (pages: number) =>
  docx(
    Array.from({ length: pages }, (_, i) => paragraph(`Page ${i + 1}`)).join(
      '<w:p><w:r><w:br w:type="page"/></w:r></w:p>',
    ),
  );

describe('image options', () => {
  it('width alone keeps the aspect ratio; quality changes the JPEG', async () => {
    const png = await makeNoisyPng(400, 300);
    const low = await convert(png, 'a.png', 'jpg', { width: 200, quality: 20 });
    const high = await convert(png, 'a.png', 'jpg', { width: 200, quality: 95 });
    expect(await sharp(low).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 150 });
    expect(low.length).toBeLessThan(high.length * 0.6);
  });

  it.each([
    ['inside', 100, 75],
    ['cover', 100, 100],
    ['fill', 100, 100],
  ] as const)('fit %s into 100×100 gives %i×%i', async (fit, width, height) => {
    const out = await convert(await makeNoisyPng(400, 300), 'a.png', 'webp', { width: 100, height: 100, fit });
    expect(await sharp(out).metadata()).toMatchObject({ format: 'webp', width, height });
  });

  it('dpi is recorded; metadata is stripped by default and kept on request', async () => {
    const jpeg = await sharp(await makePng(80, 60))
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam' } })
      .toBuffer();
    const stripped = await sharp(await convert(jpeg, 'p.jpg', 'png', { dpi: 300 })).metadata();
    expect(stripped.density).toBe(300);
    expect(stripped.exif?.toString('latin1').includes('TestCam') ?? false).toBe(false);
    const kept = await sharp(await convert(jpeg, 'p.jpg', 'png', { strip_metadata: false })).metadata();
    expect(kept.exif?.toString('latin1')).toContain('TestCam');
  });

  it('background fills transparency', async () => {
    const clear = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await convert(clear, 't.png', 'webp', { background: '#ff0000' });
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect(data[0]).toBeGreaterThan(240);
    expect(Math.max(data[1], data[2])).toBeLessThan(16);
  });
});

describe('audio and video options', () => {
  it('size, frame rate, start/duration and remove_audio reach ffmpeg', async () => {
    const input = media('mkv', AV(4));
    const out = probe(
      await convert(input, 'v.mkv', 'mp4', { width: 160, fps: 10, start: 1, duration: 2, remove_audio: true }),
      'mp4',
    );
    expect(out.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(out.streams[0]).toMatchObject({ width: 160, height: 120, r_frame_rate: '10/1' });
    expect(Number(out.format.duration)).toBeCloseTo(2, 0);
  });

  it('video_bitrate and crf change the bitrate', async () => {
    const input = media('mkv', ['-f', 'lavfi', '-i', 'testsrc2=d=3:s=640x480:r=25']);
    const rate = async (options: object) =>
      Number(probe(await convert(input, 'v.mkv', 'mp4', options), 'mp4').format.bit_rate);
    const [low, high, loose] = [
      await rate({ video_bitrate: 150 }),
      await rate({ video_bitrate: 1500 }),
      await rate({ crf: 45 }),
    ];
    expect(low).toBeLessThan(300_000);
    expect(high).toBeGreaterThan(low * 3);
    expect(loose).toBeLessThan(high);
  });

  it('audio bitrate, channels and sample rate', async () => {
    const input = media('wav', ['-f', 'lavfi', '-i', 'sine=d=3:f=440:sample_rate=48000', '-ac', '2']);
    const out = probe(
      await convert(input, 's.wav', 'mp3', { audio_bitrate: 64, audio_channels: 1, sample_rate: 22050 }),
      'mp3',
    );
    expect(out.streams[0]).toMatchObject({ channels: 1, sample_rate: '22050' });
    expect(Number(out.format.bit_rate)).toBeGreaterThan(56_000);
    expect(Number(out.format.bit_rate)).toBeLessThan(72_000);
  });

  it('video → GIF takes width and fps', async () => {
    const out = probe(await convert(media('mp4', AV(2)), 'v.mp4', 'gif', { width: 80, fps: 5 }), 'gif');
    expect(out.streams[0]).toMatchObject({ width: 80, height: 60 });
  });
});

/** A DOCX with one embedded 1200×1200 noisy PNG shown one inch wide (1200 dpi on the page). */
async function docxWithPicture(): Promise<Buffer> {
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const types =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.' +
    'wordprocessingml.document.main+xml"/></Types>';
  const relsXml = (id: string, type: string, target: string) =>
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="${id}" Type="${rel}/${type}" Target="${target}"/></Relationships>`;
  const picture =
    '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="914400"/><wp:docPr id="1" name="p"/>' +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    '<pic:nvPicPr><pic:cNvPr id="1" name="p"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:embed="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
    '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="914400"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>' +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
  const document =
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
    `xmlns:r="${rel}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ` +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    `xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${picture}</w:body></w:document>`;
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from(types) },
    { name: '_rels/.rels', data: Buffer.from(relsXml('rId1', 'officeDocument', 'word/document.xml')) },
    { name: 'word/document.xml', data: Buffer.from(document) },
    { name: 'word/_rels/document.xml.rels', data: Buffer.from(relsXml('rIdImg', 'image', 'media/image1.png')) },
    { name: 'word/media/image1.png', data: await makeNoisyPng(1200, 1200) },
  ]);
}

describe('document options', () => {
  it('dpi reduces the pictures in the PDF', async () => {
    const input = await docxWithPicture();
    const full = await convert(input, 'p.docx', 'pdf');
    const reduced = await convert(input, 'p.docx', 'pdf', { dpi: 75 });
    expect(pdfinfo(reduced)).toMatch(/Pages:\s+1\b/);
    expect(reduced.length).toBeLessThan(full.length / 4);
  });

  it('pages keeps the chosen pages', async () => {
    const input = pagedDocx(4);
    expect(pdfinfo(await convert(input, 'd.docx', 'pdf'))).toMatch(/Pages:\s+4\b/);
    expect(pdfinfo(await convert(input, 'd.docx', 'pdf', { pages: '2-3' }))).toMatch(/Pages:\s+2\b/);
    expect(pdfinfo(await convert(input, 'd.docx', 'pdf', { pages: '1,4' }))).toMatch(/Pages:\s+2\b/);
  });

  it('pdfa writes PDF/A-2b metadata', async () => {
    const plain = pdfinfo(await convert(pagedDocx(1), 'd.docx', 'pdf'), '-meta');
    const archival = pdfinfo(await convert(pagedDocx(1), 'd.docx', 'pdf', { pdfa: true }), '-meta');
    expect(plain).not.toMatch(/pdfaid:part/);
    expect(archival).toMatch(/pdfaid:part>2<|pdfaid:part="2"/);
    expect(archival).toMatch(/pdfaid:conformance>B<|pdfaid:conformance="B"/);
  });
});

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
    expect(res.status).toBe(201);
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
