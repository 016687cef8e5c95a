// The batch ZIP with results on S3 (s3rver, tests/support/fake-s3): the worker stores each result there with its CRC-32,
// and the ZIP streams them back one GET at a time. The store is chosen from the environment when
// lib/config is first imported, so the app's modules are imported only after the server runs.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '@/tests/support/fake-s3';

const s3 = await startFakeS3('transmute-batches');
afterAll(() => s3.close());

const batchUpload = await import('@/app/api/v1/batch/upload/route');
const batchDownload = await import('@/app/api/v1/batch/[batchId]/download/route');
const { config } = await import('@/lib/config');
const { db } = await import('@/lib/db');
const { runConversion } = await import('@/lib/conversions/run-conversion');
const { storage } = await import('@/lib/storage');
const { signedUpUser } = await import('@/tests/support/accounts');
const { makePng } = await import('@/tests/support/fixtures');

describe('batch ZIP on S3', () => {
  it('streams every result from the bucket; unzip checks each CRC and the bytes match', async () => {
    expect(config.storageDriver).toBe('s3');
    const { client } = await signedUpUser('starter');
    const form = new FormData();
    form.append('target_format', 'webp');
    form.append('target_format', 'tiff');
    for (const name of ['a.png', 'b.png']) form.append('file', new Blob([new Uint8Array(await makePng())]), name);
    const res = await client.call(batchUpload.POST, { method: 'POST', path: '/api/v1/batch/upload', body: form });
    const created = (await res.json()) as { batch_id: string; conversions: Array<{ id: number }> };
    expect(res.status, JSON.stringify(created)).toBe(200);
    for (const c of created.conversions) expect(await runConversion(BigInt(c.id))).toBe('completed');

    const batchId = created.batch_id;
    const zip = await client.call(batchDownload.GET, {
      path: `/api/v1/batch/${batchId}/download`,
      params: { batchId },
    });
    expect(zip.status).toBe(200);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'batch-zip-s3-'));
    const file = path.join(dir, 'batch.zip');
    await writeFile(file, Buffer.from(await zip.arrayBuffer()));
    execFileSync('unzip', ['-tq', file]); // throws unless every CRC checks out
    const info = execFileSync('zipinfo', ['-v', file], { encoding: 'utf8' });
    expect([...info.matchAll(/extended local header:\s+(\w+)/g)].map((m) => m[1])).toEqual(['no', 'yes']);
    for (const [i, name] of ['a.webp', 'b.tiff'].entries()) {
      const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(created.conversions[i].id) } });
      const chunks: Buffer[] = [];
      for await (const chunk of await storage().get(row.resultKey)) chunks.push(chunk as Buffer);
      expect(execFileSync('unzip', ['-p', file, name])).toEqual(Buffer.concat(chunks));
    }
    await rm(dir, { recursive: true, force: true });
  });
});
