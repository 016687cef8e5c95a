import { describe, expect, it } from 'vitest';
import * as stats from '@/app/api/v1/stats/route';
import * as upload from '@/app/api/v1/convert/upload/route';
import { runConversion } from '@/lib/conversions/run-conversion';
import { signedUpUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { RouteClient, uploadForm } from '@/tests/support/route-client';

const read = async () => {
  const res = await new RouteClient().call(stats.GET, { path: '/api/v1/stats' });
  expect(res.status).toBe(200);
  return { body: await res.json(), raw: res };
};
const pair = (
  body: { top_conversions: Array<{ from: string; to: string; count: number }> },
  from: string,
  to: string,
) => body.top_conversions.find((p) => p.from === from && p.to === to)?.count ?? 0;

describe('GET /api/v1/stats', () => {
  it('moves with conversions and holds nothing about any account or file', async () => {
    await withEnv({ STATS_CACHE_SECONDS: '0' }, async () => {
      // The route runs in this process: its uptime is this process's, in whole seconds.
      const uptimeBefore = Math.floor(process.uptime());
      const before = (await read()).body;
      const uptimeAfter = Math.floor(process.uptime());
      expect(before.formats_supported).toBeGreaterThan(10);
      expect(before.uptime_seconds).toBeGreaterThanOrEqual(uptimeBefore);
      expect(before.uptime_seconds).toBeLessThanOrEqual(uptimeAfter);

      const user = await signedUpUser('pro');
      const png = await makePng();
      const res = await user.client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(png, 'secret-plan-name.png', 'webp'),
      });
      expect(res.status).toBe(201);
      const { id } = await res.json();
      expect(await runConversion(BigInt(id))).toBe('completed');

      const { body, raw } = await read();
      expect(body.conversions_total).toBe(before.conversions_total + 1);
      // The windowed figures come from conversion rows, which age out of the window and are purged
      // when they expire, so on a long-lived database only the new row's presence is certain.
      expect(body.conversions_last_24h).toBeGreaterThanOrEqual(1);
      expect(body.files_processed_bytes).toBeGreaterThanOrEqual(png.length);
      expect(pair(body, 'png', 'webp')).toBeGreaterThanOrEqual(1);
      // aggregates only: exactly these fields, and no trace of the account or the file
      expect(Object.keys(body).sort()).toEqual([
        'conversions_last_24h',
        'conversions_total',
        'files_processed_bytes',
        'formats_supported',
        'top_conversions',
        'uptime_seconds',
      ]);
      const text = JSON.stringify(body);
      for (const secret of [user.email, user.id, String(id), 'secret-plan-name']) expect(text).not.toContain(secret);
      expect(raw.headers.get('set-cookie')).toBeNull();
    });
  });

  it('reuses one computation for up to a minute', async () => {
    const first = (await read()).body;
    const res = await new RouteClient().call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(await makePng(), 'a.png', 'webp'),
    });
    expect(res.status).toBe(201);
    const second = (await read()).body;
    expect(second.conversions_total).toBe(first.conversions_total);
    await withEnv({ STATS_CACHE_SECONDS: '0' }, async () => {
      expect((await read()).body.conversions_total).toBe(first.conversions_total + 1);
    });
  });
});
