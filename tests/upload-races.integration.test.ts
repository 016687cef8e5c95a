// Part PUTs racing completion of the same upload (local disk, the default store): every request
// gets a 2xx or a 4xx that says what happened, never a 500, and the conversion gets the file's
// exact bytes.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import * as init from '@/app/api/v1/uploads/init/route';
import * as part from '@/app/api/v1/uploads/[token]/parts/[number]/route';
import * as complete from '@/app/api/v1/uploads/[token]/complete/route';
import { db } from '@/lib/db';
import { storage } from '@/lib/storage';
import { PART_SIZE_BYTES } from '@/lib/domain/upload-rules';
import { makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { sleep } from '@/tests/support/wait-for';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function stored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await storage().get(key)) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** The bytes in 1 MiB pieces a few milliseconds apart, so a PUT is still writing while others act. */
function trickled(bytes: Buffer): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    async pull(controller) {
      if (offset >= bytes.length) return controller.close();
      await sleep(5 + Math.random() * 10);
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + 1024 * 1024)));
      offset += 1024 * 1024;
    },
  });
}

describe('part PUTs racing complete', () => {
  afterAll(() => emptyConversionQueue());

  it('ten repeats of a part and ten completes at once: no 500, one conversion of the exact bytes', async () => {
    const client = new RouteClient();
    const png = await makePng();
    const file = Buffer.concat([png, randomBytes(PART_SIZE_BYTES + 4096 - png.length)]);
    const opened = await client.call(init.POST, {
      method: 'POST',
      path: '/api/v1/uploads/init',
      ...jsonBody({ file_name: 'race.png', file_size: file.length, target_format: 'webp' }),
    });
    const { token } = (await opened.json()) as { token: string };
    const put = (n: number) =>
      client.call(part.PUT, {
        method: 'PUT',
        path: `/api/v1/uploads/${token}/parts/${n}`,
        params: { token, number: String(n) },
        body: trickled(file.subarray((n - 1) * PART_SIZE_BYTES, n * PART_SIZE_BYTES)),
      });
    const finish = () =>
      client.call(complete.POST, { method: 'POST', path: `/api/v1/uploads/${token}/complete`, params: { token } });
    expect((await put(1)).status).toBe(200);
    expect((await put(2)).status).toBe(200);

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        sleep(i * 15 + 7)
          .then(() => put(1))
          .then(async (r) => ({ kind: 'put', status: r.status, body: await r.json() })),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        sleep(i * 15)
          .then(finish)
          .then(async (r) => ({ kind: 'complete', status: r.status, body: await r.json() })),
      ),
    ]);
    for (const a of answers) {
      if (a.kind === 'put') expect([200, 409]).toContain(a.status);
      // 400: the finish found the part missing while a repeat of it was arriving (it stays open).
      else expect([201, 400, 409]).toContain(a.status);
      if (a.status >= 400) expect(a.body.error).not.toMatch(/broke off|internal/i);
    }
    // Whatever the race left, completing now gives the one conversion of the file's exact bytes.
    let last = await finish();
    if (last.status === 400) {
      expect((await last.json()).error).toMatch(/Missing parts: 1/);
      expect((await put(1)).status).toBe(200);
      last = await finish();
    }
    expect(last.status).toBe(201);
    const conversion = await last.json();
    const created = answers.filter((a) => a.kind === 'complete' && a.status === 201).map((a) => a.body.id);
    expect(new Set([...created, conversion.id]).size).toBe(1);
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(conversion.id) } });
    expect(sha256(await stored(row.inputKey))).toBe(sha256(file));
    // A part after completion is refused, and changes nothing.
    const late = await put(2);
    expect(late.status).toBe(409);
    expect(sha256(await stored(row.inputKey))).toBe(sha256(file));
  });
});
