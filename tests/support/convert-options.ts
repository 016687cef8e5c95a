// Helpers of the conversion-options tests: uploads with `options` through the route handlers, the
// job run in process, media and documents made for them, and readers of the results.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import { config } from '@/lib/config';
import { docx, paragraph } from '@/tests/fixtures/hostile-documents';
import { buildZip } from '@/tests/fixtures/zip';
import { makeNoisyPng } from '@/tests/support/fixtures';
import { RouteClient } from '@/tests/support/route-client';
import { runAndDownload } from '@/tests/support/tool-client';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'convert-options-'));
export const inputFiles = async () => readdir(path.join(config.filesDir, 'inputs')).catch(() => [] as string[]);

function form(file: Buffer, name: string, target: string, options?: unknown): FormData {
  const body = new FormData();
  body.append('target_format', target);
  if (options !== undefined) body.append('options', typeof options === 'string' ? options : JSON.stringify(options));
  body.append('file', new Blob([new Uint8Array(file)]), name);
  return body;
}

export const post = (client: RouteClient, file: Buffer, name: string, target: string, options?: unknown) =>
  client.call(upload.POST, { method: 'POST', path: '/api/v1/convert/upload', body: form(file, name, target, options) });

export async function convert(file: Buffer, name: string, target: string, options?: unknown): Promise<Buffer> {
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
export const probe = (bytes: Buffer, ext: string): Probe =>
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

export const media = (ext: string, lavfi: string[]) => {
  const file = path.join(tmp, `in-${Math.random().toString(36).slice(2)}.${ext}`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...lavfi, file]);
  return readFileSync(file);
};
export const AV = (seconds: number) => [
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

export const pdfinfo = (bytes: Buffer, ...args: string[]) =>
  execFileSync('pdfinfo', [...args, saved(bytes, 'pdf')], { encoding: 'utf8' });

/** A Word document of `pages` pages (a page break between paragraphs). */
export const pagedDocx = (pages: number) =>
  docx(
    Array.from({ length: pages }, (_, i) => paragraph(`Page ${i + 1}`)).join(
      '<w:p><w:r><w:br w:type="page"/></w:r></w:p>',
    ),
  );

/** A DOCX with one embedded 1200×1200 noisy PNG shown one inch wide (1200 dpi on the page). */
export async function docxWithPicture(): Promise<Buffer> {
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
