// A merge on S3 (s3rver, tests/support/fake-s3): its files go to the bucket as one object while the
// request streams them, the job reads it back, cuts it into its files and stores the joined PDF; a
// delete removes both objects. The store is chosen from the environment when lib/config is first
// imported, so the app's modules are imported only after the server runs.
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '@/tests/support/fake-s3';

const s3 = await startFakeS3('transmute-merges');
afterAll(() => s3.close());

const remove = await import('@/app/api/v1/conversions/[id]/route');
const download = await import('@/app/api/v1/convert/download/[id]/route');
const { config } = await import('@/lib/config');
const { db } = await import('@/lib/db');
const { runConversion } = await import('@/lib/conversions/run-conversion');
const { RouteClient } = await import('@/tests/support/route-client');
const { makePng } = await import('@/tests/support/fixtures');
const { mergeForm, pagePictures, pageTexts, postMerge, textPdf } = await import('@/tests/support/merge');

describe('a merge on S3', () => {
  it('stores the files as one object, joins them into one PDF in order, and a delete removes both objects', async () => {
    expect(config.storageDriver).toBe('s3');
    const client = new RouteClient();
    const pdf = textPdf(['Delta one', 'Delta two']);
    const png = await makePng(32, 24);
    const res = await postMerge(
      client,
      mergeForm([
        ['shot.png', png],
        ['notes.pdf', pdf],
      ]),
    );
    const { id } = (await res.json()) as { id: number };
    expect(res.status).toBe(201);
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(Number(row.inputSize)).toBe(png.length + pdf.length);
    expect(await s3.has(row.inputKey)).toBe(true);

    expect(await runConversion(BigInt(id))).toBe('completed');
    expect(await s3.has(row.resultKey)).toBe(true);
    const params = { params: { id: String(id) } };
    const dl = await client.call(download.GET, { path: `/api/v1/convert/download/${id}`, ...params });
    expect(dl.status).toBe(200);
    const bytes = Buffer.from(await dl.arrayBuffer());
    expect(pageTexts(bytes)).toEqual(['', 'Delta one', 'Delta two']);
    expect(pagePictures(bytes, 1)).toEqual([{ width: 32, height: 24 }]);

    const del = await client.call(remove.DELETE, { method: 'DELETE', path: `/api/v1/conversions/${id}`, ...params });
    expect(del.status).toBe(200);
    expect(await s3.has(row.inputKey)).toBe(false);
    expect(await s3.has(row.resultKey)).toBe(false);
  });
});
