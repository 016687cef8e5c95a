import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as cancel from '@/app/api/v1/conversions/[id]/cancel/route';
import * as remove from '@/app/api/v1/conversions/[id]/route';
import * as retry from '@/app/api/v1/conversions/[id]/retry/route';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { config } from '@/lib/config';
import { runConversion } from '@/lib/conversions/run-conversion';
import { db } from '@/lib/db';
import { findEngine } from '@/lib/engines/registry';
import { purgeExpiredConversions } from '@/lib/retention/purge-expired';
import { storage } from '@/lib/storage';
import { docx, paragraph } from '@/tests/fixtures/hostile-documents';
import { buildZip } from '@/tests/fixtures/zip';
import { signedUpUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { mergeForm, pagePictures, pageTexts, pdfaFacts, postMerge, textPdf } from '@/tests/support/merge';
import { RouteClient } from '@/tests/support/route-client';

// POST /api/v1/merge through its route handler, the job run in process with the real engines
// (LibreOffice, the image engine, qpdf), on the real database and storage.

type Created = { id: number; original_file_name: string; original_format: string; target_format: string };

const row = (id: number) => db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
const usage = async (userId: string) =>
  (await db.usageDay.findMany({ where: { subject: `user:${userId}` } })).reduce((n, d) => n + d.count, 0);
const idParams = (id: number) => ({ params: { id: String(id) } });

/** A word no other request stores, written into a test's files to find what they left in storage. */
const marker = () => `M${randomBytes(6).toString('hex')}`;

/** Stored inputs (finished or cut short) that hold `mark`: what a refused request left behind. */
async function storedWith(mark: string): Promise<string[]> {
  const dir = path.join(config.filesDir, 'inputs');
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names) {
    const bytes = await readFile(path.join(dir, name)).catch(() => Buffer.alloc(0));
    if (bytes.includes(mark)) found.push(name);
  }
  return found;
}

/** Asserts a refusal: its status and code, the words of its message, and that nothing of it was kept. */
async function expectRefused(
  res: Response,
  expected: { status: number; code: string; error?: RegExp },
  kept: { userId: string; mark: string },
) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(expected.status);
  expect(body.code).toBe(expected.code);
  if (expected.error) expect(body.error).toMatch(expected.error);
  expect(await db.conversion.count({ where: { userId: kept.userId } })).toBe(0);
  expect(await usage(kept.userId)).toBe(0);
  expect(await storedWith(kept.mark)).toEqual([]);
}

async function download200(client: RouteClient, id: number) {
  const res = await client.call(download.GET, { path: `/api/v1/convert/download/${id}`, ...idParams(id) });
  expect(res.status).toBe(200);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /api/v1/merge', () => {
  it('joins a 2-page PDF, a DOCX and a picture into one PDF, their pages in the order given, for one charge', async () => {
    expect(findEngine('png', 'pdf'), 'an engine makes a PDF of a PNG').toBeDefined();
    const { client, id: userId } = await signedUpUser('starter');
    const res = await postMerge(
      client,
      mergeForm([
        ['report.final.pdf', textPdf(['Alpha first page', 'Alpha second page'])],
        ['letter.docx', docx(paragraph('Bravo letter text'))],
        ['photo.png', await makePng(64, 48)],
      ]),
    );
    const created = (await res.json()) as Created;
    expect(res.status, JSON.stringify(created)).toBe(201);
    expect(created).toMatchObject({
      original_file_name: 'report.final (merged).pdf',
      original_format: 'pdf',
      target_format: 'pdf',
      status: 'pending',
      progress: 0,
    });
    expect(await usage(userId)).toBe(1);
    const stored = await row(created.id);
    expect(stored.operation).toBe('merge');
    expect(Number(await storage().size(stored.inputKey))).toBe(Number(stored.inputSize));

    expect(await runConversion(BigInt(created.id))).toBe('completed');
    const st = await (
      await client.call(status.GET, { path: `/api/v1/convert/status/${created.id}`, ...idParams(created.id) })
    ).json();
    expect(st.conversion).toMatchObject({ status: 'completed', progress: 100 });

    const { res: dl, bytes } = await download200(client, created.id);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('content-disposition')).toContain('report.final (merged).pdf');
    const texts = pageTexts(bytes);
    expect(texts).toHaveLength(4);
    expect(texts.slice(0, 3)).toEqual(['Alpha first page', 'Alpha second page', 'Bravo letter text']);
    expect(texts[3]).toBe('');
    expect(pagePictures(bytes, 4)).toEqual([{ width: 64, height: 48 }]);
    expect(await usage(userId)).toBe(1);
  });

  it('with {"pdfa": true} the merged PDF is PDF/A-2b: declared in XMP, every font embedded, an output intent', async () => {
    const client = new RouteClient();
    const files: Array<[string, Buffer]> = [
      ['a.pdf', textPdf(['Charlie archived page'])],
      ['b.png', await makePng(40, 30)],
    ];
    const plain = (await (await postMerge(client, mergeForm(files))).json()) as Created;
    const res = await postMerge(client, mergeForm(files, { options: '{"pdfa": true}' }));
    const archived = (await res.json()) as Created;
    expect(res.status, JSON.stringify(archived)).toBe(201);
    for (const { id } of [plain, archived]) expect(await runConversion(BigInt(id))).toBe('completed');

    const before = pdfaFacts((await download200(client, plain.id)).bytes);
    expect(before).toMatchObject({ part: undefined, outputIntent: false, fontsEmbedded: [false] });
    const bytes = (await download200(client, archived.id)).bytes;
    const facts = pdfaFacts(bytes);
    expect(facts).toMatchObject({ part: '2', conformance: 'B', outputIntent: true });
    expect(facts.fontsEmbedded.length).toBeGreaterThan(0);
    expect(facts.fontsEmbedded.every(Boolean)).toBe(true);
    expect(pageTexts(bytes)).toEqual(['Charlie archived page', '']);
    expect(pagePictures(bytes, 2)).toEqual([{ width: 40, height: 30 }]);
  });

  it("more files than the plan's merge_files: 413 batch_too_large, nothing kept or charged", async () => {
    const { client, id: userId } = await signedUpUser('free');
    const mark = marker();
    const six = Array.from({ length: 6 }, (_, i) => [`p${i}.pdf`, textPdf([`${mark} ${i}`])] as [string, Buffer]);
    const res = await postMerge(client, mergeForm(six));
    await expectRefused(res, { status: 413, code: 'batch_too_large', error: /at most 5 files/ }, { userId, mark });
    expect((await postMerge(client, mergeForm(six.slice(0, 5)))).status).toBe(201);
  });

  it("files over the plan's upload size together (each under it): 413, nothing kept or charged", async () => {
    await withEnv({ PLAN_STARTER_MAX_UPLOAD_BYTES: '100000' }, async () => {
      const { client, id: userId } = await signedUpUser('starter');
      const mark = marker();
      const file = textPdf([`${mark} ${'x'.repeat(60_000)}`]);
      const res = await postMerge(
        client,
        mergeForm([
          ['a.pdf', file],
          ['b.pdf', file],
        ]),
      );
      await expectRefused(res, { status: 413, code: 'payload_too_large', error: /together/ }, { userId, mark });
    });
  });

  it('fewer than two files, a target other than pdf, or options a merge does not take: 400, nothing kept', async () => {
    const { client, id: userId } = await signedUpUser('starter');
    const mark = marker();
    const pdf = textPdf([mark]);
    const two: Array<[string, Buffer]> = [
      ['a.pdf', pdf],
      ['b.pdf', pdf],
    ];
    const cases: Array<[FormData, string, RegExp]> = [
      [mergeForm([['only.pdf', pdf]]), 'missing_file', /at least 2 files, got 1/],
      [mergeForm([]), 'missing_file', /"files"/],
      [mergeForm(two, { target_format: 'png' }), 'unsupported_conversion', /pdf only/],
      [mergeForm(two, { target_format: 'nope' }), 'unsupported_format', /nope/],
      [mergeForm(two, { options: '{"width": 100}' }), 'validation_failed', /"width".*pdfa/],
      [mergeForm(two, { options: '{"pdfa": "yes"}' }), 'validation_failed', /"pdfa"/],
      [mergeForm(two, { options: 'not json' }), 'validation_failed', /JSON/],
    ];
    for (const [form, code, error] of cases)
      await expectRefused(await postMerge(client, form), { status: 400, code, error }, { userId, mark });
  });

  it('a file that cannot become a PDF is refused up front, by name and place: nothing kept', async () => {
    const { client, id: userId } = await signedUpUser('starter');
    const mark = marker();
    const pdf = textPdf([mark]);
    const emptyZip = buildZip([]);
    const cases: Array<[Array<[string, Buffer]>, string, RegExp]> = [
      [
        [
          ['a.pdf', pdf],
          ['nothing.zip', emptyZip],
          ['b.pdf', pdf],
        ],
        'unsupported_conversion',
        /^"nothing\.zip" \(file 2\): zip/,
      ],
      [
        [
          ['a.pdf', pdf],
          ['blank.pdf', Buffer.alloc(0)],
        ],
        'missing_file',
        /^"blank\.pdf" \(file 2\): .*empty/,
      ],
      [
        [
          ['noise.bin', randomBytes(256)],
          ['a.pdf', pdf],
        ],
        'unsupported_format',
        /^"noise\.bin" \(file 1\)/,
      ],
    ];
    for (const [files, code, error] of cases)
      await expectRefused(await postMerge(client, mergeForm(files)), { status: 400, code, error }, { userId, mark });
  });

  it('a PDF that cannot be read fails the merge with an error naming it', async () => {
    const client = new RouteClient();
    const broken = Buffer.from('%PDF-1.7\nthis is no PDF body at all\n%%EOF\n');
    const res = await postMerge(
      client,
      mergeForm([
        ['good.pdf', textPdf(['fine'])],
        ['broken.pdf', broken],
      ]),
    );
    const { id } = (await res.json()) as Created;
    expect(await runConversion(BigInt(id))).toBe('failed');
    expect((await row(id)).error).toMatch(/^"broken\.pdf" \(file 2\): The PDF cannot be read/);
  });

  it('is an ordinary conversion: a stranger gets 403, cancel and retry run it again, delete removes its files', async () => {
    const owner = new RouteClient();
    const form = mergeForm([
      ['one.pdf', textPdf(['One'])],
      ['two.pdf', textPdf(['Two'])],
    ]);
    const { id } = (await (await postMerge(owner, form)).json()) as Created;
    const stranger = new RouteClient();
    for (const [handler, route] of [
      [status.GET, 'status'],
      [download.GET, 'download'],
    ] as const) {
      const res = await stranger.call(handler, { path: `/api/v1/convert/${route}/${id}`, ...idParams(id) });
      expect(res.status, route).toBe(403);
    }
    const post = (handler: typeof cancel.POST, verb: string) =>
      owner.call(handler, { method: 'POST', path: `/api/v1/conversions/${id}/${verb}`, ...idParams(id) });
    expect((await post(cancel.POST, 'cancel')).status).toBe(200);
    expect((await post(retry.POST, 'retry')).status).toBe(200);
    expect(await runConversion(BigInt(id))).toBe('completed');
    expect(pageTexts((await download200(owner, id)).bytes)).toEqual(['One', 'Two']);

    const { inputKey, resultKey } = await row(id);
    const del = await owner.call(remove.DELETE, {
      method: 'DELETE',
      path: `/api/v1/conversions/${id}`,
      ...idParams(id),
    });
    expect(del.status).toBe(200);
    expect(await storage().size(inputKey)).toBeNull();
    expect(await storage().size(resultKey)).toBeNull();
  });

  it('retention removes an expired merge with its stored input', async () => {
    const client = new RouteClient();
    const res = await postMerge(
      client,
      mergeForm([
        ['one.pdf', textPdf(['One'])],
        ['two.pdf', textPdf(['Two'])],
      ]),
    );
    const { id } = (await res.json()) as Created;
    const { inputKey } = await row(id);
    expect(await storage().size(inputKey)).toBeGreaterThan(0);
    await db.conversion.update({ where: { id: BigInt(id) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await purgeExpiredConversions();
    expect(await db.conversion.findUnique({ where: { id: BigInt(id) } })).toBeNull();
    expect(await storage().size(inputKey)).toBeNull();
  });
});
