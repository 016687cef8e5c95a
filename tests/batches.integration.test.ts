import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as batchUpload from '@/app/api/v1/batch/upload/route';
import * as batchStatus from '@/app/api/v1/batch/[batchId]/status/route';
import * as batchDownload from '@/app/api/v1/batch/[batchId]/download/route';
import * as cancel from '@/app/api/v1/conversions/[id]/cancel/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import { purgeExpiredConversions } from '@/lib/retention/purge-expired';
import { storage } from '@/lib/storage';
import { signedUpUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { RouteClient } from '@/tests/support/route-client';

type Conversion = { id: number; original_file_name: string; target_format: string; status: string };
type Created = { batch_id: string; status: string; progress: number; total: number; conversions: Conversion[] };

/** A multipart body with one `file` part per file and the given `target_format` values. */
async function batchForm(files: Array<[string, Buffer?]>, targets: string[]) {
  const form = new FormData();
  for (const target of targets) form.append('target_format', target);
  for (const [name, bytes] of files) form.append('file', new Blob([new Uint8Array(bytes ?? (await makePng()))]), name);
  return form;
}

const upload = (client: RouteClient, form: FormData) =>
  client.call(batchUpload.POST, { method: 'POST', path: '/api/v1/batch/upload', body: form });
const getStatus = (client: RouteClient, batchId: string) =>
  client.call(batchStatus.GET, { path: `/api/v1/batch/${batchId}/status`, params: { batchId } });
const getZip = (client: RouteClient, batchId: string) =>
  client.call(batchDownload.GET, { path: `/api/v1/batch/${batchId}/download`, params: { batchId } });

const inputFiles = async () => readdir(path.join(config.filesDir, 'inputs')).catch(() => [] as string[]);
const usage = async (subject: string) =>
  (await db.usageDay.findMany({ where: { subject } })).reduce((n, row) => n + row.count, 0);

async function resultBytes(id: number) {
  const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
  const chunks: Buffer[] = [];
  for await (const chunk of await storage().get(row.resultKey)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Saves a ZIP answer and reads it back with Info-ZIP's unzip: names, methods, whether each entry
 * has a data descriptor (`extended local header`), and each entry's bytes.
 */
async function readZip(res: Response) {
  const dir = await mkdtemp(path.join(tmpdir(), 'batch-zip-'));
  const file = path.join(dir, 'batch.zip');
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  execFileSync('unzip', ['-tq', file]); // throws unless every CRC checks out
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  const methods = [
    ...execFileSync('zipinfo', ['-v', file], { encoding: 'utf8' }).matchAll(/compression method:\s+(\w+)/g),
  ].map((m) => m[1]);
  const descriptors = [
    ...execFileSync('zipinfo', ['-v', file], { encoding: 'utf8' }).matchAll(/extended local header:\s+(\w+)/g),
  ].map((m) => m[1]);
  const bytes = (name: string) => execFileSync('unzip', ['-p', file, name.replace(/[[\]*?]/g, '[$&]')]);
  return { names, methods, descriptors, bytes };
}

describe('batch upload', () => {
  it('converts several files, one target per file; the ZIP holds every result byte for byte, names unique', async () => {
    const { client } = await signedUpUser('starter');
    const res = await upload(
      client,
      await batchForm([['photo.png'], ['photo.png'], ['scan.png']], ['webp', 'webp', 'tiff']),
    );
    const created = (await res.json()) as Created;
    expect(res.status, JSON.stringify(created)).toBe(200);
    expect(created.batch_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created).toMatchObject({ status: 'pending', progress: 0, total: 3 });
    expect(created.conversions.map((c) => [c.original_file_name, c.target_format, c.status])).toEqual([
      ['photo.png', 'webp', 'pending'],
      ['photo.png', 'webp', 'pending'],
      ['scan.png', 'tiff', 'pending'],
    ]);
    const early = await getZip(client, created.batch_id);
    expect(early.status).toBe(409);

    for (const c of created.conversions) expect(await runConversion(BigInt(c.id))).toBe('completed');
    const st = await (await getStatus(client, created.batch_id)).json();
    expect(st.batch).toMatchObject({ status: 'completed', progress: 100, total: 3, completed: 3, failed: 0 });
    expect(st.conversions).toHaveLength(3);

    const zip = await getZip(client, created.batch_id);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename="?batch-[\w-]+\.zip"?$/);
    const read = await readZip(zip);
    expect(read.names).toEqual(['photo.webp', 'photo (1).webp', 'scan.tiff']);
    // WebP is already compressed: stored; TIFF is deflated.
    expect(read.methods).toEqual(['none', 'none', 'deflated']);
    // The worker kept each result's CRC-32, so stored entries need no data descriptor.
    expect(read.descriptors).toEqual(['no', 'no', 'yes']);
    for (const c of created.conversions) {
      const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(c.id) } });
      expect(row.resultCrc32).toBe(BigInt(crc32(await resultBytes(c.id))));
    }
    for (const [i, c] of created.conversions.entries())
      expect(read.bytes(read.names[i])).toEqual(await resultBytes(c.id));

    // Each file is an ordinary conversion of its owner.
    const id = String(created.conversions[0].id);
    expect((await client.call(status.GET, { path: `/api/v1/convert/status/${id}`, params: { id } })).status).toBe(200);
  });

  it('the plan decides the files per batch: Free 1, Starter 5 (413 batch_too_large, nothing kept)', async () => {
    const guest = new RouteClient();
    const before = await inputFiles();
    const two = await upload(guest, await batchForm([['a.png'], ['b.png']], ['webp']));
    expect(two.status).toBe(413);
    expect((await two.json()).code).toBe('batch_too_large');
    expect((await upload(guest, await batchForm([['a.png']], ['webp']))).status).toBe(200);

    const { client, id } = await signedUpUser('starter');
    const names = (n: number) => Array.from({ length: n }, (_, i) => [`f${i}.png`] as [string]);
    const six = await upload(client, await batchForm(names(6), ['webp']));
    expect(six.status).toBe(413);
    expect((await six.json()).code).toBe('batch_too_large');
    expect(await db.conversion.count({ where: { userId: id } })).toBe(0);
    expect(await usage(`user:${id}`)).toBe(0);
    const five = await upload(client, await batchForm(names(5), ['webp']));
    expect(five.status).toBe(200);
    expect((await five.json()).total).toBe(5);
    expect((await inputFiles()).length).toBe(before.length + 1 + 5);
  });

  it('one refused file refuses the whole batch, naming it: nothing kept, nothing charged', async () => {
    const { client, id } = await signedUpUser('starter');
    const before = await inputFiles();
    const garbage = Buffer.from('this is not an image at all\u0000\u0001');
    const cases = [
      { form: await batchForm([['good.png'], ['bad.bin', garbage], ['good2.png']], ['webp']), name: 'bad.bin' },
      { form: await batchForm([['good.png'], ['pair.png']], ['webp', 'mp3']), name: 'pair.png' },
      { form: await batchForm([['good.png'], ['empty.png', Buffer.alloc(0)]], ['webp']), name: 'empty.png' },
    ];
    for (const { form, name } of cases) {
      const res = await upload(client, form);
      expect(res.status, name).toBe(400);
      expect((await res.json()).error).toContain(`"${name}"`);
    }
    const mismatch = await upload(client, await batchForm([['a.png'], ['b.png']], ['webp', 'webp', 'webp']));
    expect(mismatch.status).toBe(400);
    const none = await upload(client, await batchForm([['a.png']], []));
    expect(none.status).toBe(400);
    expect(await db.conversion.count({ where: { userId: id } })).toBe(0);
    expect(await db.batch.count({ where: { userId: id } })).toBe(0);
    expect(await usage(`user:${id}`)).toBe(0);
    expect((await inputFiles()).sort()).toEqual(before.sort());
  });

  it("a file over the plan's upload size refuses the batch with 413 and keeps nothing", async () => {
    await withEnv({ PLAN_STARTER_MAX_UPLOAD_BYTES: '100000' }, async () => {
      const { client, id } = await signedUpUser('starter');
      const before = await inputFiles();
      const res = await upload(
        client,
        await batchForm([['small.png'], ['big.png', Buffer.alloc(200_000, 1)]], ['webp']),
      );
      expect(res.status).toBe(413);
      expect((await res.json()).error).toContain('big.png');
      expect(await db.conversion.count({ where: { userId: id } })).toBe(0);
      expect((await inputFiles()).sort()).toEqual(before.sort());
    });
  });

  it('the daily allowance is charged for every file or for none', async () => {
    await withEnv({ PLAN_STARTER_DAILY_CONVERSIONS: '4' }, async () => {
      const { client, id } = await signedUpUser('starter');
      expect((await upload(client, await batchForm([['a.png'], ['b.png'], ['c.png']], ['webp']))).status).toBe(200);
      expect(await usage(`user:${id}`)).toBe(3);
      const over = await upload(client, await batchForm([['d.png'], ['e.png']], ['webp']));
      expect(over.status).toBe(429);
      expect(await usage(`user:${id}`)).toBe(3);
      expect(await db.conversion.count({ where: { userId: id } })).toBe(3);
      expect((await upload(client, await batchForm([['d.png']], ['webp']))).status).toBe(200);
      expect(await usage(`user:${id}`)).toBe(4);
    });
  });
});

describe('batch status and download', () => {
  it('some completed, some cancelled: partial, and the ZIP holds only the completed results', async () => {
    const { client } = await signedUpUser('starter');
    const created = (await (
      await upload(client, await batchForm([['one.png'], ['two.png'], ['three.png']], ['webp']))
    ).json()) as Created;
    const [first, second, third] = created.conversions;
    expect(await runConversion(BigInt(first.id))).toBe('completed');
    let st = await (await getStatus(client, created.batch_id)).json();
    expect(st.batch).toMatchObject({ status: 'processing', completed: 1, failed: 0 });
    const id = String(second.id);
    expect(
      (await client.call(cancel.POST, { method: 'POST', path: `/api/v1/conversions/${id}/cancel`, params: { id } }))
        .status,
    ).toBe(200);
    await db.conversion.update({
      where: { id: BigInt(third.id) },
      data: { status: 'failed', error: 'engine crashed' },
    });
    st = await (await getStatus(client, created.batch_id)).json();
    expect(st.batch).toMatchObject({ status: 'partial', progress: 100, total: 3, completed: 1, failed: 2 });
    expect(st.conversions.map((c: Conversion) => c.status)).toEqual(['completed', 'cancelled', 'failed']);
    const read = await readZip(await getZip(client, created.batch_id));
    expect(read.names).toEqual(['one.webp']);
    expect(read.bytes('one.webp')).toEqual(await resultBytes(first.id));
  });

  it('a result stored without its CRC-32 (an older row) is checksummed while it streams', async () => {
    const { client } = await signedUpUser('starter');
    const created = (await (
      await upload(client, await batchForm([['new.png'], ['old.png']], ['webp']))
    ).json()) as Created;
    for (const c of created.conversions) await runConversion(BigInt(c.id));
    const old = created.conversions[1];
    await db.conversion.update({ where: { id: BigInt(old.id) }, data: { resultCrc32: null } });
    const read = await readZip(await getZip(client, created.batch_id)); // unzip -t checks both CRCs
    expect(read.names).toEqual(['new.webp', 'old.webp']);
    expect(read.descriptors).toEqual(['no', 'yes']);
    expect(read.bytes('old.webp')).toEqual(await resultBytes(old.id));
  });

  it('a stranger gets 403 on status and download, an unknown batch 404', async () => {
    const { client } = await signedUpUser('starter');
    const created = (await (await upload(client, await batchForm([['mine.png']], ['webp']))).json()) as Created;
    await runConversion(BigInt(created.conversions[0].id));
    const before = await db.conversion.findMany({ where: { batchId: created.batch_id } });
    for (const stranger of [new RouteClient(), (await signedUpUser('pro')).client]) {
      for (const res of [await getStatus(stranger, created.batch_id), await getZip(stranger, created.batch_id)]) {
        expect(res.status).toBe(403);
        expect((await res.json()).code).toBe('forbidden');
      }
    }
    expect(await db.conversion.findMany({ where: { batchId: created.batch_id } })).toEqual(before);
    expect((await getStatus(client, 'no-such-batch')).status).toBe(404);
    expect((await getZip(client, 'no-such-batch')).status).toBe(404);
  });

  it('an expired batch answers 404 and the retention sweep deletes it', async () => {
    const { client } = await signedUpUser('starter');
    const created = (await (await upload(client, await batchForm([['old.png']], ['webp']))).json()) as Created;
    const past = new Date(Date.now() - 1000);
    await db.batch.update({ where: { id: created.batch_id }, data: { expiresAt: past } });
    await db.conversion.updateMany({ where: { batchId: created.batch_id }, data: { expiresAt: past } });
    expect((await getStatus(client, created.batch_id)).status).toBe(404);
    await purgeExpiredConversions();
    expect(await db.batch.count({ where: { id: created.batch_id } })).toBe(0);
  });
});
