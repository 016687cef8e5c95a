import { statfs } from 'node:fs/promises';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as service from '@/app/api/v1/admin/service/route';
import * as health from '@/app/api/v1/health/route';
import { config } from '@/lib/config';
import { ALL_SETTINGS } from '@/lib/config/schema';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import type { AdminServiceOverview } from '@/lib/schemas/admin-service';
import { adminUser, signedUpUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { createPngConversion } from '@/tests/support/png-conversion';
import { RouteClient } from '@/tests/support/route-client';

type Overview = z.output<typeof AdminServiceOverview>;

const call = (client: RouteClient) => client.call(service.GET, { path: '/api/v1/admin/service' });

async function overview(client: RouteClient): Promise<Overview> {
  const res = await call(client);
  expect(res.status).toBe(200);
  return (await res.json()) as Overview;
}

const sharp = (o: Overview) => o.conversions_24h.find((e) => e.engine === 'sharp') ?? { completed: 0, failed: 0 };

describe('GET /api/v1/admin/service', () => {
  it('is for administrators only: 401 without credentials, 403 for another account', async () => {
    expect((await call(new RouteClient())).status).toBe(401);
    const user = await signedUpUser('business');
    const res = await call(user.client);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden' });
  });

  it('counts a conversion while it waits, its stored bytes, and under its engine once it ran', async () => {
    const admin = await adminUser();
    const before = await overview(admin.client);

    const conversion = await createPngConversion(admin.client, 'webp');
    const waiting = await overview(admin.client);
    // Nothing runs jobs in this process: the new conversion waits until the test runs it.
    expect(waiting.queue.waiting).toBe(before.queue.waiting + 1);
    expect(waiting.queue.oldest_waiting_seconds).toBeGreaterThan(0);
    expect(waiting.storage.used_bytes).toBeGreaterThanOrEqual(before.storage.used_bytes + (await makePng()).length);

    expect(await runConversion(BigInt(conversion.id))).toBe('completed');
    const after = await overview(admin.client);
    expect(sharp(after).completed).toBe(sharp(before).completed + 1);
    expect(sharp(after).failed).toBe(sharp(before).failed);
    expect(after.queue.waiting).toBe(before.queue.waiting);
    // The result is stored too.
    expect(after.storage.used_bytes).toBeGreaterThan(waiting.storage.used_bytes);
  });

  it('counts a finished row whose format is not a known one under no engine, and still answers', async () => {
    const admin = await adminUser();
    const conversion = await createPngConversion(admin.client, 'webp');
    expect(await runConversion(BigInt(conversion.id))).toBe('completed');
    const before = await overview(admin.client);
    // A URL import's format is empty until it is fetched; an older version's format may be gone.
    await db.conversion.update({ where: { id: BigInt(conversion.id) }, data: { originalFormat: '' } });
    const after = await overview(admin.client);
    const none = (o: Overview) => o.conversions_24h.find((e) => e.engine === 'none')?.completed ?? 0;
    expect(none(after)).toBe(none(before) + 1);
    expect(sharp(after).completed).toBe(sharp(before).completed - 1);
  });

  it("reports health as GET /api/v1/health does, the embedded queue's counts and DATA_DIR's disk", async () => {
    const admin = await adminUser();
    const o = await overview(admin.client);
    const h = await (await new RouteClient().call(health.GET, { path: '/api/v1/health' })).json();
    expect(o.health.status).toBe(h.status);
    expect(o.health.checks).toEqual(h.checks);
    expect(o.health.policy).toEqual(h.policy);
    expect(o.queue.jobs?.map((q) => q.name)).toContain('conversion-run');

    const fs = await statfs(config.dataDir);
    expect(o.storage.driver).toBe('local');
    expect(o.storage.data_dir_disk.total_bytes).toBe(fs.blocks * fs.bsize);
    expect(o.storage.data_dir_disk.free_bytes).toBeGreaterThan(0);
    expect(o.storage.data_dir_disk.free_bytes).toBeLessThanOrEqual(o.storage.data_dir_disk.total_bytes);
    expect(o.storage.store_disk).not.toBeNull();
  });

  it('lists every variable with its value or default, and a secret only as set', async () => {
    const admin = await adminUser();
    const secret = 'sk_test_never-shown-9f8e7d6c5b4a';
    const o = await withEnv(
      {
        STRIPE_SECRET_KEY: secret,
        S3_ENDPOINT: 'http://keyholder:hidden-password@s3.internal:9000',
        LOG_LEVEL: 'debug',
        MAIL_FROM: undefined,
      },
      () => overview(admin.client),
    );
    const text = JSON.stringify(o);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('hidden-password');
    expect(text).not.toContain('keyholder');

    const entry = (name: string) => o.configuration.find((c) => c.name === name);
    expect(o.configuration.map((c) => c.name).sort()).toEqual(Object.keys(ALL_SETTINGS).sort());
    expect(entry('STRIPE_SECRET_KEY')).toMatchObject({ secret: true, set: true, value: null, source: 'environment' });
    expect(entry('LOG_LEVEL')).toMatchObject({ secret: false, set: true, value: 'debug', source: 'environment' });
    expect(entry('S3_ENDPOINT')?.value).toBe('http://s3.internal:9000/');
    expect(entry('MAIL_FROM')).toMatchObject({ set: false, value: null, source: 'default' });
    expect(entry('PORT')?.default).toBe('3000');
    // Every secret of the schema is marked so, and none of their values appear.
    for (const [name, setting] of Object.entries(ALL_SETTINGS)) {
      expect(entry(name)?.secret).toBe(setting.secret === true);
      const value = process.env[name];
      if (setting.secret && value) expect(text).not.toContain(value);
    }
  });
});
