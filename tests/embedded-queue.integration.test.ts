import { afterAll, describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import { db } from '@/lib/db';
import { runWorker } from '@/lib/jobs/run-worker';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { makePng } from '@/tests/support/fixtures';

async function waitForStatus(id: number, statuses: string[], timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
    if (statuses.includes(row.status)) return row;
    if (Date.now() > until) throw new Error(`conversion ${id} still ${row.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const uploadPng = async (body?: Buffer, target = 'webp') => {
  const res = await new RouteClient().call(upload.POST, { method: 'POST', path: '/api/v1/convert/upload', body: uploadForm(body ?? (await makePng()), 'q.png', target) });
  expect(res.status).toBe(201);
  return (await res.json()).id as number;
};

describe('embedded durable queue (pg-boss)', () => {
  let stop: (() => Promise<void>) | undefined;
  afterAll(async () => stop?.());

  it('a job queued while no worker runs is done once a worker starts (survives a restart)', async () => {
    const id = await uploadPng();
    expect((await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } })).status).toBe('pending');
    stop = await runWorker();
    const row = await waitForStatus(id, ['completed']);
    expect(row.attempts).toBe(1);
    expect(row.progress).toBe(100);
  });

  it('a file that crashes the engine every time fails after the bounded number of attempts', async () => {
    stop ??= await runWorker();
    // A well-formed PNG whose compressed pixel data is garbage: detection accepts it, decoding fails.
    const png = await makePng(32, 32);
    const broken = Buffer.from(png);
    const idatLength = broken.readUInt32BE(33); // the IDAT chunk follows the 8-byte signature and IHDR
    broken.fill(0xab, 41, 41 + idatLength);
    const id = await uploadPng(broken, 'jpg');
    const row = await waitForStatus(id, ['failed'], 90_000);
    expect(row.error).toBeTruthy();
    expect(row.attempts).toBe(3); // ENGINE_MAX_ATTEMPTS, then failed for good
  });
});
