import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as formats from '@/app/api/v1/formats/route';
import { runConversion } from '@/lib/conversions/run-conversion';
import { db } from '@/lib/db';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { storedRar } from '@/tests/fixtures/rar';

// E-books and comics through the API: listed in /formats with their family, detected
// from the bytes whatever the name, converted in the pipeline and served with the target's type.

const sample = (name: string) => readFileSync(path.join(process.cwd(), 'tests/fixtures/formats/ebook', name));
const png = () => execFileSync('/usr/bin/convert', ['-size', '32x24', 'xc:orange', 'png:-']);

async function convert(client: RouteClient, file: Buffer, name: string, target: string) {
  const res = await client.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(file, name, target),
  });
  const body = await res.json();
  if (res.status !== 201) return { status: res.status, body };
  const id = String(body.id);
  const outcome = await runConversion(BigInt(body.id));
  const result = await client.call(download.GET, { path: `/api/v1/convert/download/${id}`, params: { id } });
  return { status: res.status, body, outcome, result };
}

describe('e-books through the API', () => {
  it('lists the e-book and comic formats in /formats', async () => {
    const res = await new RouteClient().call(formats.GET, { path: '/api/v1/formats' });
    const listed = new Map(
      ((await res.json()).formats as Array<{ format: string; family: string; targets: string[] }>).map((f) => [
        f.format,
        f,
      ]),
    );
    expect(listed.get('mobi')).toMatchObject({ family: 'ebook' });
    expect(listed.get('mobi')!.targets).toEqual(expect.arrayContaining(['epub', 'azw3', 'pdf']));
    expect(listed.get('epub')!.targets).toEqual(expect.arrayContaining(['mobi', 'azw3', 'lit', 'lrf', 'pdb', 'rb']));
    expect(listed.get('cbr')!.targets).toContain('pdf');
    expect(listed.get('djvu')).toMatchObject({ family: 'document' });
  });

  it('converts a Kindle book named as text, detected from its bytes, to EPUB', async () => {
    const r = await convert(new RouteClient(), sample('sample.azw3'), 'Novel.txt', 'epub');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ original_format: 'azw3', target_format: 'epub' });
    expect(r.outcome).toBe('completed');
    expect(r.result!.headers.get('content-type')).toBe('application/epub+zip');
    expect(r.result!.headers.get('content-disposition')).toContain('Novel.epub');
  });

  it('takes azw as the name of the MOBI target', async () => {
    const r = await convert(new RouteClient(), sample('sample.azw3'), 'New.azw3', 'azw');
    expect(r.body).toMatchObject({ original_format: 'azw3', target_format: 'mobi' });
    expect(r.outcome).toBe('completed');
    const mobi = Buffer.from(await r.result!.arrayBuffer());
    expect(mobi.subarray(60, 68).toString('latin1')).toBe('BOOKMOBI');
  });

  it('turns a RAR comic into a PDF', async () => {
    const rar = storedRar([
      { name: 'p1.png', data: png() },
      { name: 'p2.png', data: png() },
    ]);
    const r = await convert(new RouteClient(), rar, 'Comic.cbr', 'pdf');
    expect(r.body).toMatchObject({ original_format: 'cbr' });
    expect(r.outcome).toBe('completed');
    expect(
      Buffer.from(await r.result!.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('fails a comic bomb at once, saying why, before anything unpacks it', async () => {
    const bomb = storedRar([{ name: 'p1.png', data: png(), declaredSize: 4000 * 1024 ** 2 }]);
    const r = await convert(new RouteClient(), bomb, 'Comic.cbr', 'pdf');
    expect(r.outcome).toBe('failed');
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(r.body.id) } });
    expect(row.error).toMatch(/refused: it expands to more than/);
  });
});
