// A conversion that meets a full disk in its job folder (the input's copy, or the engine's output)
// fails with a reason that says so, after its retries; it is never "completed" with a missing or
// partial result. The job folders get a small tmpfs of their own (root only).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import * as upload from '@/app/api/v1/convert/upload/route';
import { config } from '@/lib/config';
import { runConversion } from '@/lib/conversions/run-conversion';
import { db } from '@/lib/db';
import { storage } from '@/lib/storage';
import { makePng } from '@/tests/support/fixtures';
import { isRoot, mountTmpfs, NOT_ROOT_REASON } from '@/tests/support/tmpfs';
import { RouteClient, uploadForm } from '@/tests/support/route-client';

const MiB = 1024 * 1024;
let unmount: () => Promise<void> = async () => {};

beforeAll(async () => {
  if (isRoot) unmount = await mountTmpfs(config.jobsDir, 3);
});
afterAll(() => unmount());

async function convertedToFailure(file: Buffer, name: string, target: string) {
  const res = await new RouteClient().call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(file, name, target),
  });
  expect(res.status).toBe(201);
  const id = BigInt((await res.json()).id);
  // Each attempt either asks the queue to retry (throws) or ends the run; the last one fails it.
  for (let attempt = 1; attempt <= config.engineMaxAttempts; attempt++) {
    const outcome = await runConversion(id).catch(() => 'retry');
    if (attempt < config.engineMaxAttempts) expect(outcome).toBe('retry');
    else expect(outcome).toBe('failed');
  }
  const row = await db.conversion.findUniqueOrThrow({ where: { id } });
  expect(await storage().size(row.resultKey)).toBeNull();
  return row;
}

describe.skipIf(!isRoot)(`a conversion on a full disk (${isRoot ? 'tmpfs' : NOT_ROOT_REASON})`, () => {
  it('an input larger than the job folder can hold fails, saying the disk is full', async () => {
    const png = await makePng();
    const row = await convertedToFailure(Buffer.concat([png, randomBytes(6 * MiB)]), 'big.png', 'webp');
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/out of disk space/);
  });

  it('an engine whose output does not fit fails, saying the disk is full, never completed', async () => {
    // 2400×2400 of one colour: a small PNG, an uncompressed result of 17 MB.
    const flat = await sharp({ create: { width: 2400, height: 2400, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const row = await convertedToFailure(flat, 'flat.png', 'ppm');
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/out of disk space/);
  });
});
