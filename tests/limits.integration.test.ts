import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as formats from '@/app/api/v1/formats/route';
import * as subscription from '@/app/api/v1/subscriptions/me/route';
import { db } from '@/lib/db';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { makePng } from '@/tests/support/fixtures';
import { signedUpUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';

describe('per-minute rate limit', () => {
  it('answers 429 with Retry-After and RateLimit headers past the limit, per address', async () => {
    await withEnv({ PLAN_FREE_RATE_PER_MINUTE: '3' }, async () => {
      const client = new RouteClient();
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 5; i++) {
        last = await client.call(formats.GET, { path: '/api/v1/formats' });
        statuses.push(last.status);
        if (i === 0) expect(last.headers.get('ratelimit-limit')).toBe('3');
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(last!.headers.get('ratelimit-remaining')).toBe('0');
      expect((await last!.json()).code).toBe('rate_limited');
      // another address has its own budget
      expect((await new RouteClient().call(formats.GET, { path: '/api/v1/formats' })).status).toBe(200);
    });
  });

  it('counts concurrent requests exactly', async () => {
    await withEnv({ PLAN_FREE_RATE_PER_MINUTE: '10' }, async () => {
      const client = new RouteClient();
      const results = await Promise.all(
        Array.from({ length: 25 }, () => client.call(formats.GET, { path: '/api/v1/formats' })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    });
  });

  it('Business is unlimited', async () => {
    const user = await signedUpUser('business');
    await withEnv(
      { PLAN_FREE_RATE_PER_MINUTE: '1', PLAN_STARTER_RATE_PER_MINUTE: '1', PLAN_PRO_RATE_PER_MINUTE: '1' },
      async () => {
        for (let i = 0; i < 5; i++) {
          const res = await user.client.call(subscription.GET, { path: '/api/v1/subscriptions/me' });
          expect(res.status, await res.text()).toBe(200);
        }
      },
    );
  });
});

describe('daily allowance', () => {
  it('admits exactly the allowance under concurrent uploads, and nothing is left of the refused ones', async () => {
    await withEnv({ PLAN_FREE_DAILY_CONVERSIONS: '3' }, async () => {
      const client = new RouteClient();
      const png = await makePng();
      const before = await db.conversion.count();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          client.call(upload.POST, {
            method: 'POST',
            path: '/api/v1/convert/upload',
            body: uploadForm(png, `${i}.png`, 'webp'),
          }),
        ),
      );
      const codes = results.map((r) => r.status).sort();
      expect(codes).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
      const refused = results.find((r) => r.status === 429)!;
      expect((await refused.json()).code).toBe('quota_exceeded');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await db.conversion.count()).toBe(before + 3);
    });
  });

  it('a refused upload is not charged', async () => {
    await withEnv({ PLAN_FREE_DAILY_CONVERSIONS: '1' }, async () => {
      const client = new RouteClient();
      const bad = await client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(await makePng(), 'a.png', 'mp3'),
      });
      expect(bad.status).toBe(400);
      const ok = await client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(await makePng(), 'a.png', 'webp'),
      });
      expect(ok.status).toBe(201);
    });
  });

  it('accounts are counted per account, not per address', async () => {
    await withEnv({ PLAN_FREE_DAILY_CONVERSIONS: '1' }, async () => {
      const a = await signedUpUser('free');
      const b = await signedUpUser('free');
      for (const user of [a, b]) {
        const res = await user.client.call(upload.POST, {
          method: 'POST',
          path: '/api/v1/convert/upload',
          body: uploadForm(await makePng(), 'a.png', 'webp'),
        });
        expect(res.status).toBe(201);
      }
      const again = await a.client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(await makePng(), 'a.png', 'webp'),
      });
      expect(again.status).toBe(429);
    });
  });
});
