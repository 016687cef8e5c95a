import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as convert from '@/app/api/v1/convert/route';
import { db } from '@/lib/db';
import { sharpPoolStatus, warmUpSharp } from '@/lib/engines/sharp/pool';
import { runWorker } from '@/lib/processes/run-worker';
import { pixelFloodPng } from '@/tests/fixtures/engine-job';
import { makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { RouteClient } from '@/tests/support/route-client';

// A PNG → WebP conversion is one request to a warm sharp worker: the worker reads the header and
// refuses a pixel flood there, before decoding, with the words the API has always given it, and
// converts anything else in that same request.

/** Requests the warm sharp workers of this process (the embedded worker's) have answered. */
const requestsSent = () => sharpPoolStatus().reduce((n, s) => n + s.jobs, 0);

let stop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  await emptyConversionQueue();
  stop = await runWorker();
  await warmUpSharp();
});
afterAll(async () => stop?.());

describe('a pixel flood sent to PNG → WebP', () => {
  it('fails with the size it claims, from one worker request and no result', async () => {
    const body = new FormData();
    body.append('target_format', 'webp');
    body.append('file', new Blob([new Uint8Array(pixelFloodPng(30000, 30000))]), 'flood.png');
    const before = requestsSent();
    const res = await new RouteClient().call(convert.POST, { method: 'POST', path: '/api/v1/convert', body });

    expect(res.status).toBe(422);
    const answer = await res.json();
    expect(answer).toEqual({
      code: 'conversion_failed',
      error: 'The image is too large (30000×30000; limit 100 megapixels).',
    });
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(res.headers.get('x-conversion-id')!) } });
    expect(row).toMatchObject({ status: 'failed', error: answer.error, resultSize: null, attempts: 1 });
    // Refused by that request's header check: a decode's refusal would read "could not be converted".
    expect(requestsSent() - before).toBe(1);
  });
});

describe('a genuine PNG → WebP', () => {
  it('is converted in one worker request: no inspect request of its own', async () => {
    const body = new FormData();
    body.append('target_format', 'webp');
    body.append('file', new Blob([new Uint8Array(await makePng(64, 48))]), 'small.png');
    const before = requestsSent();
    const res = await new RouteClient().call(convert.POST, { method: 'POST', path: '/api/v1/convert', body });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(requestsSent() - before).toBe(1);
  });
});
