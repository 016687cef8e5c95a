// Compression and OCR through the route handlers: create, run the job in-process, read the result.
import { expect } from 'vitest';
import * as compress from '@/app/api/v1/compress/upload/route';
import * as ocr from '@/app/api/v1/tools/ocr/route';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { runConversion } from '@/lib/conversions/run-conversion';
import { RouteClient } from '@/tests/support/route-client';

export type Created = { id: number; original_format: string; target_format: string; status: string };

function form(file: Buffer, name: string, fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', new Blob([new Uint8Array(file)]), name);
  return body;
}

export const postCompress = (client: RouteClient, file: Buffer, name: string, fields: Record<string, string> = {}) =>
  client.call(compress.POST, { method: 'POST', path: '/api/v1/compress/upload', body: form(file, name, fields) });

export const postOcr = (client: RouteClient, file: Buffer, name: string, fields: Record<string, string> = {}) =>
  client.call(ocr.POST, { method: 'POST', path: '/api/v1/tools/ocr', body: form(file, name, fields) });

/** Runs a created job to completion and returns the result bytes and the status body. */
export async function runAndDownload(client: RouteClient, res: Response) {
  expect(res.status).toBe(201);
  const created = (await res.json()) as Created;
  expect(await runConversion(BigInt(created.id))).toBe('completed');
  const params = { id: String(created.id) };
  const st = await (await client.call(status.GET, { path: `/api/v1/convert/status/${created.id}`, params })).json();
  const dl = await client.call(download.GET, { path: `/api/v1/convert/download/${created.id}`, params });
  expect(dl.status).toBe(200);
  return {
    created,
    status: st as { conversion: { status: string }; error?: string },
    bytes: Buffer.from(await dl.arrayBuffer()),
  };
}
