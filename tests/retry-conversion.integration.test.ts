import { describe, expect, it, vi } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as cancel from '@/app/api/v1/conversions/[id]/cancel/route';
import * as retry from '@/app/api/v1/conversions/[id]/retry/route';
import { db } from '@/lib/db';
import { QUEUES } from '@/lib/jobs/embedded-queue';
import { storage } from '@/lib/storage';
import { runConversion } from '@/lib/conversions/run-conversion';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { createPngConversion } from '@/tests/support/png-conversion';
import { withEnv } from '@/tests/support/env';
import { signedUpUser } from '@/tests/support/accounts';
import { wav } from '@/tests/support/fixtures';

// Jobs these uploads queue are left in the embedded queue; the tests run conversions with runConversion.

const row = (id: number | string) => db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
/** Conversions charged to the owner (an account) of conversion `id`, over all days. */
async function usage(id: number) {
  const { userId } = await row(id);
  const days = await db.usageDay.findMany({ where: { subject: `user:${userId}` } });
  return days.reduce((sum, d) => sum + d.count, 0);
}
const account = async () => (await signedUpUser()).client;

const retryCall = (client: RouteClient, id: number | string) =>
  client.call(retry.POST, { method: 'POST', path: `/api/v1/conversions/${id}/retry`, params: { id: String(id) } });

async function cancelled(client: RouteClient) {
  const { id } = await createPngConversion(client);
  const res = await client.call(cancel.POST, {
    method: 'POST',
    path: `/api/v1/conversions/${id}/cancel`,
    params: { id: String(id) },
  });
  expect(res.status).toBe(200);
  return id;
}

describe('POST /api/v1/conversions/{id}/retry', () => {
  it('runs a failed conversion again from its stored input: pending, then completed', async () => {
    const client = await account();
    const res = await client.call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(wav(2), 'tone.wav', 'mp3'),
    });
    expect(res.status).toBe(201);
    const { id, expires_at } = await res.json();
    // Killed at a 50 ms limit: a run stopped at its time limit fails at once.
    await withEnv({ ENGINE_TIMEOUT_SECONDS: '0.05' }, async () => {
      expect(await runConversion(BigInt(id))).toBe('failed');
    });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/too long/), attempts: 1 });
    expect(await storage().size(failed.inputKey)).toBeGreaterThan(0); // kept for a retry
    const charged = await usage(id);

    const again = await retryCall(client, id);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id, status: 'pending', progress: 0, expires_at });
    expect(await row(id)).toMatchObject({
      status: 'pending',
      error: null,
      attempts: 0,
      startedAt: null,
      completedAt: null,
    });
    expect(await usage(id)).toBe(charged + 1);

    expect(await runConversion(BigInt(id))).toBe('completed');
    expect(await row(id)).toMatchObject({ status: 'completed', progress: 100, attempts: 1, error: null });
    // Completed, it can never run again: its input goes.
    await vi.waitFor(async () => expect(await storage().size(failed.inputKey)).toBeNull());
  });

  it('a cancelled conversion can be retried; a completed one answers 409', async () => {
    const client = new RouteClient();
    const id = await cancelled(client);
    expect((await retryCall(client, id)).status).toBe(200);
    expect(await runConversion(BigInt(id))).toBe('completed');
    const res = await retryCall(client, id);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('invalid_state');
    expect((await row(id)).status).toBe('completed');
  });

  it("a job of the earlier run, still queued at the retry, is skipped; the new run's job converts", async () => {
    const client = new RouteClient();
    const id = await cancelled(client); // run 0's job is still in the queue
    expect((await retryCall(client, id)).status).toBe(200);
    expect((await row(id)).run).toBe(1);
    // Both runs' jobs are queued, each under its own key (pg-boss would drop a second one with the same key).
    const queued = await db.$queryRaw<Array<{ data: { conversionId: string; run: number } }>>`
      SELECT data FROM pgboss.job WHERE name = ${QUEUES.runConversion} AND data->>'conversionId' = ${String(id)}`;
    expect(queued.map((j) => j.data.run).sort()).toEqual([0, 1]);

    expect(await runConversion(BigInt(id), 0)).toBe('skipped');
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await runConversion(BigInt(id), 1)).toBe('completed');
    const done = await row(id);
    expect(done).toMatchObject({ status: 'completed', attempts: 1 });
    // Late deliveries of either run change nothing, and the result stays.
    expect(await runConversion(BigInt(id), 0)).toBe('skipped');
    expect(await runConversion(BigInt(id), 1)).toBe('skipped');
    expect(await row(id)).toEqual(done);
    expect(await storage().size(done.resultKey)).toBe(Number(done.resultSize));
  });

  it('a pending conversion answers 409 and is not charged', async () => {
    const client = await account();
    const { id } = await createPngConversion(client);
    const before = await usage(id);
    expect((await retryCall(client, id)).status).toBe(409);
    expect(await usage(id)).toBe(before);
  });

  it("another caller's conversion answers 403, an unknown one 404, and nothing changes", async () => {
    const id = await cancelled(new RouteClient());
    const before = await row(id);
    const res = await retryCall(new RouteClient(), id);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('forbidden');
    expect(await row(id)).toEqual(before);
    expect((await retryCall(new RouteClient(), '4398046511104')).status).toBe(404);
  });

  it('two concurrent retries: one 200, one 409, one unit charged', async () => {
    const client = await account();
    const id = await cancelled(client);
    const before = await usage(id);
    const statuses = await Promise.all([retryCall(client, id), retryCall(client, id)]).then((r) =>
      r.map((x) => x.status),
    );
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await usage(id)).toBe(before + 1);
    expect((await row(id)).status).toBe('pending');
  });

  it('an exhausted daily allowance answers 429 and the conversion stays as it was', async () => {
    const client = await account();
    const id = await cancelled(client);
    const before = await row(id);
    const used = await usage(id);
    await withEnv({ PLAN_FREE_DAILY_CONVERSIONS: String(used) }, async () => {
      const res = await retryCall(client, id);
      expect(res.status).toBe(429);
      expect((await res.json()).code).toBe('quota_exceeded');
      expect(res.headers.get('retry-after')).toBeTruthy();
    });
    expect(await row(id)).toEqual(before);
    expect(await usage(id)).toBe(used);
  });
});
