import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as group from '@/app/api/v1/batch/route';
import * as batchDownload from '@/app/api/v1/batch/[batchId]/download/route';
import * as upload from '@/app/api/v1/convert/upload/route';
import { runConversion } from '@/lib/conversions/run-conversion';
import { signedUpUser } from '@/tests/support/accounts';
import { makePng } from '@/tests/support/fixtures';
import { jsonBody, RouteClient, uploadForm } from '@/tests/support/route-client';

// POST /api/v1/batch: files converted one by one (each its own resumable upload) become one batch.

async function converted(client: RouteClient, name: string) {
  const res = await client.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(await makePng(), name, 'webp'),
  });
  const { id } = (await res.json()) as { id: number };
  expect(await runConversion(BigInt(id))).toBe('completed');
  return id;
}

const groupAs = (client: RouteClient, ids: unknown) =>
  client.call(group.POST, { method: 'POST', path: '/api/v1/batch', ...jsonBody({ conversion_ids: ids }) });

describe('a batch of conversions already made', () => {
  it('lists them in order and downloads them as one ZIP', async () => {
    const { client } = await signedUpUser('starter');
    const ids = [await converted(client, 'one.png'), await converted(client, 'two.png')];
    const res = await groupAs(client, ids);
    expect(res.status).toBe(200);
    const batch = (await res.json()) as { batch_id: string; status: string; conversions: Array<{ id: number }> };
    expect(batch.status).toBe('completed');
    expect(batch.conversions.map((c) => c.id)).toEqual(ids);

    const zip = await client.call(batchDownload.GET, {
      path: `/api/v1/batch/${batch.batch_id}/download`,
      params: { batchId: batch.batch_id },
    });
    expect(zip.status).toBe(200);
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'group-')), 'all.zip');
    await writeFile(file, Buffer.from(await zip.arrayBuffer()));
    expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      'one.webp',
      'two.webp',
    ]);
    // A conversion goes in one batch only.
    const again = await groupAs(client, [ids[0]]);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'invalid_state' });
  });

  it("refuses more than the plan's files per batch (413), someone else's conversion (403) and bad bodies (400)", async () => {
    const guest = new RouteClient();
    const ids = [await converted(guest, 'a.png'), await converted(guest, 'b.png')];
    const tooMany = await groupAs(guest, ids); // Free: one file per batch
    expect(tooMany.status).toBe(413);
    expect(await tooMany.json()).toMatchObject({ code: 'batch_too_large' });

    const { client: other } = await signedUpUser('starter');
    expect((await groupAs(other, [ids[0]])).status).toBe(403);
    for (const bad of [[], ['x'], [ids[0], ids[0]]]) {
      const res = await groupAs(guest, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.json()).toHaveProperty('code');
    }
  });
});
