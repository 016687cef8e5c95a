// Bursts of requests from one caller must never take the database pool from everyone else: a
// finish holds no lock while it works, a second finish never waits inside a transaction, and one
// caller's requests in flight are capped below the pool's size. Health stays 200 throughout and
// every request is answered.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import * as health from '@/app/api/v1/health/route';
import * as init from '@/app/api/v1/uploads/init/route';
import * as part from '@/app/api/v1/uploads/[token]/parts/[number]/route';
import * as complete from '@/app/api/v1/uploads/[token]/complete/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { db } from '@/lib/db';
import { makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { sleep } from '@/tests/support/wait-for';

const MiB = 1024 * 1024;
/** Longer than any bounded wait of the service: a request still unanswered then is wedged. */
const ANSWER_WITHIN_MS = 45_000;

async function pngOf(size: number): Promise<Buffer> {
  const png = await makePng();
  return Buffer.concat([png, randomBytes(size - png.length)]);
}

function answeredWithin<T>(p: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    p,
    sleep(ANSWER_WITHIN_MS).then(() => {
      throw new Error(`${what}: no answer within ${ANSWER_WITHIN_MS} ms`);
    }),
  ]);
}

/** A one-part upload of `size` bytes, its part stored, ready to complete. */
async function uploadedPart(client: RouteClient, size: number) {
  const file = await pngOf(size);
  const opened = await client.call(init.POST, {
    method: 'POST',
    path: '/api/v1/uploads/init',
    ...jsonBody({ file_name: 'burst.png', file_size: file.length, target_format: 'webp' }),
  });
  expect(opened.status).toBe(200);
  const { token } = (await opened.json()) as { token: string };
  const put = await client.call(part.PUT, {
    method: 'PUT',
    path: `/api/v1/uploads/${token}/parts/1`,
    params: { token, number: '1' },
    body: new Uint8Array(file),
  });
  expect(put.status).toBe(200);
  return token;
}

const completeCall = (client: RouteClient, token: string) =>
  client.call(complete.POST, { method: 'POST', path: `/api/v1/uploads/${token}/complete`, params: { token } });

/** Health, asked every 100 ms by another caller until `until` settles; returns every status seen. */
async function healthDuring(until: Promise<unknown>): Promise<number[]> {
  const probe = new RouteClient();
  const seen: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const res = await answeredWithin(probe.call(health.GET, { path: '/api/v1/health' }), 'health');
    seen.push(res.status);
    await sleep(100);
  }
  return seen;
}

describe('a burst of completions of one upload', () => {
  afterAll(() => emptyConversionQueue());

  it('sixteen at once: one conversion, every request answered, health 200 throughout', async () => {
    const guest = new RouteClient();
    const token = await uploadedPart(guest, 6 * MiB);
    const burst = Promise.all(
      Array.from({ length: 16 }, (_, i) => answeredWithin(completeCall(guest, token), `complete #${i + 1}`)),
    );
    const [answers, healthStatuses] = await Promise.all([burst, healthDuring(burst)]);

    expect(healthStatuses.length).toBeGreaterThan(0);
    expect(new Set(healthStatuses)).toEqual(new Set([200]));
    // Each completion either returns the upload's one conversion, or (having waited its bounded
    // time behind the finish in progress) asks to be retried.
    const ids = new Set<number>();
    for (const res of answers) {
      expect([201, 409, 429]).toContain(res.status);
      const body = await res.json();
      if (res.status === 201) ids.add(body.id);
      else expect(body.error).toEqual(expect.any(String));
    }
    expect(ids.size).toBe(1);
    const [id] = ids;
    const row = await db.upload.findUnique({ where: { token } });
    expect(Number(row?.conversionId)).toBe(id);
    // A later repeat answers the same conversion.
    const again = await completeCall(guest, token);
    expect(again.status).toBe(201);
    expect((await again.json()).id).toBe(id);
  });

  it('bursts on several uploads of one caller leave the pool to others', async () => {
    const guest = new RouteClient();
    // The first call gives the guest its cookie; the others then share that identity.
    const tokens = [await uploadedPart(guest, MiB)];
    tokens.push(...(await Promise.all(Array.from({ length: 3 }, () => uploadedPart(guest, MiB)))));
    const burst = Promise.all(
      tokens.flatMap((token) =>
        Array.from({ length: 8 }, (_, i) => answeredWithin(completeCall(guest, token), `complete ${token} #${i}`)),
      ),
    );
    // Meanwhile another caller's ordinary request that needs the database is answered.
    const other = new RouteClient();
    const [answers, healthStatuses, otherStatus] = await Promise.all([
      burst,
      healthDuring(burst),
      answeredWithin(
        other.call(status.GET, { path: '/api/v1/convert/status/1', params: { id: '1' } }),
        'other caller',
      ).then((r) => r.status),
    ]);
    expect(new Set(healthStatuses)).toEqual(new Set([200]));
    expect(otherStatus).toBe(404);
    for (const res of answers) expect([201, 409, 429]).toContain(res.status);
    const rows = await db.upload.findMany({ where: { token: { in: tokens } } });
    expect(rows.every((r) => r.conversionId !== null)).toBe(true);
  });
});
