import { describe, expect, it } from 'vitest';
import * as apiKeys from '@/app/api/v1/api-keys/route';
import * as apiKey from '@/app/api/v1/api-keys/[id]/route';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as profile from '@/app/api/v1/user/profile/route';
import * as subscription from '@/app/api/v1/subscriptions/me/route';
import * as plans from '@/app/api/v1/subscriptions/plans/route';
import { db } from '@/lib/db';
import { jsonBody, RouteClient, uploadForm } from '@/tests/support/route-client';
import { makePng } from '@/tests/support/fixtures';
import { signedUpUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';

const createKey = (client: RouteClient, name = 'ci') =>
  client.call(apiKeys.POST, { method: 'POST', path: '/api/v1/api-keys', ...jsonBody({ name }) });

describe('API keys', () => {
  it('are refused on the Free plan with 403', async () => {
    const user = await signedUpUser('free');
    const res = await createKey(user.client);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('plan_required');
  });

  it('show the secret once, store only a hash, and act for their owner on any endpoint', async () => {
    const user = await signedUpUser('starter');
    const res = await createKey(user.client, 'build server');
    expect(res.status).toBe(200);
    const key = await res.json();
    expect(key.secret).toMatch(/^tm_/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id }, omit: { keyHash: false } });
    expect(row.keyHash).not.toContain(key.secret);
    const list = await (await user.client.call(apiKeys.GET, { path: '/api/v1/api-keys' })).json();
    expect(list.api_keys).toEqual([
      expect.objectContaining({ id: key.id, name: 'build server', prefix: key.prefix, last_used_at: null }),
    ]);
    expect(JSON.stringify(list)).not.toContain(key.secret);

    for (const headers of [{ 'x-api-key': key.secret }, { authorization: `Bearer ${key.secret}` }] as Record<
      string,
      string
    >[]) {
      const api = new RouteClient(headers);
      const created = await api.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(await makePng(), 'k.png', 'webp'),
      });
      expect(created.status).toBe(201);
      const conv = await created.json();
      // paid plan: 7-day retention
      expect(Date.parse(conv.expires_at) - Date.parse(conv.created_at)).toBe(7 * 86_400_000);
      expect((await db.conversion.findUniqueOrThrow({ where: { id: BigInt(conv.id) } })).userId).toBe(user.id);
      // the owner's session sees it too
      expect(
        (
          await user.client.call(status.GET, {
            path: `/api/v1/convert/status/${conv.id}`,
            params: { id: String(conv.id) },
          })
        ).status,
      ).toBe(200);
      // an API key on a bearer endpoint is 401
      expect((await api.call(profile.GET, { path: '/api/v1/user/profile' })).status).toBe(401);
    }
    // the listing shows when the key was last used (recorded in the background)
    await expect
      .poll(
        async () =>
          (await (await user.client.call(apiKeys.GET, { path: '/api/v1/api-keys' })).json()).api_keys[0].last_used_at,
        { timeout: 5000 },
      )
      .not.toBeNull();
  });

  it('stop working when the account drops to Free, and are deleted by their owner only', async () => {
    const owner = await signedUpUser('pro');
    const key = await (await createKey(owner.client)).json();
    const api = new RouteClient({ 'x-api-key': key.secret });
    const ok = await api.call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(await makePng(), 'k.png', 'webp'),
    });
    expect(ok.status).toBe(201);
    await db.user.update({ where: { id: owner.id }, data: { plan: 'free' } });
    const refused = await api.call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(await makePng(), 'k.png', 'webp'),
    });
    expect(refused.status).toBe(401);

    const stranger = await signedUpUser('pro');
    const del = await stranger.client.call(apiKey.DELETE, {
      method: 'DELETE',
      path: `/api/v1/api-keys/${key.id}`,
      params: { id: key.id },
    });
    expect(del.status).toBe(403);
    const own = await owner.client.call(apiKey.DELETE, {
      method: 'DELETE',
      path: `/api/v1/api-keys/${key.id}`,
      params: { id: key.id },
    });
    expect(own.status).toBe(200);
    expect(await db.apiKey.findUnique({ where: { id: key.id } })).toBeNull();
  });
});

describe('plans and subscription', () => {
  it('lists the four plans with the limits in force, including overrides', async () => {
    await withEnv({ PLAN_STARTER_DAILY_CONVERSIONS: '1234' }, async () => {
      const body = await (await new RouteClient().call(plans.GET, { path: '/api/v1/subscriptions/plans' })).json();
      const byId = Object.fromEntries(body.plans.map((p: { id: string }) => [p.id, p]));
      expect(Object.keys(byId)).toEqual(['free', 'starter', 'pro', 'business']);
      expect(byId.free.limits).toMatchObject({
        max_upload_bytes: 50_000_000,
        files_per_batch: 1,
        merge_files: 5,
        retention_hours: 24,
        api_access: false,
        team_size: 0,
      });
      expect(byId.starter.limits).toMatchObject({
        max_upload_bytes: 200_000_000,
        files_per_batch: 5,
        merge_files: 20,
        rate_limit_per_minute: 5000,
        daily_conversions: 1234,
      });
      expect(byId.pro.limits).toMatchObject({
        max_upload_bytes: 1_000_000_000,
        files_per_batch: 10,
        merge_files: 50,
        team_size: 3,
        daily_conversions: 5000,
      });
      expect(byId.business.limits).toMatchObject({
        max_upload_bytes: null,
        files_per_batch: 50,
        merge_files: 100,
        rate_limit_per_minute: null,
        daily_conversions: null,
        team_size: 10,
      });
    });
  });

  it('shows your plan, status and usage today', async () => {
    const user = await signedUpUser('pro');
    await user.client.call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(await makePng(), 'u.png', 'webp'),
    });
    const body = await (await user.client.call(subscription.GET, { path: '/api/v1/subscriptions/me' })).json();
    expect(body).toMatchObject({
      plan: 'pro',
      status: 'active',
      usage: { conversions_today: 1 },
      limits: { daily_conversions: 5000 },
    });
    expect((await new RouteClient().call(subscription.GET, { path: '/api/v1/subscriptions/me' })).status).toBe(401);
  });
});
