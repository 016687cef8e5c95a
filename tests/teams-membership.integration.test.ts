import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signedUpUser, verifiedUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import * as apiKeys from '@/app/api/v1/api-keys/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as subscription from '@/app/api/v1/subscriptions/me/route';
import * as profile from '@/app/api/v1/user/profile/route';
import { makePng } from '@/tests/support/fixtures';
import { RouteClient, jsonBody } from '@/tests/support/route-client';
import {
  codeOf,
  convert,
  createTeam,
  getTeam,
  inviteTo,
  joinWith,
  planOf,
  remove,
  teamWith,
  type User,
} from '@/tests/support/teams';

describe('membership', () => {
  it('gives members the team plan (API keys, limits) and removal or leaving drops them to Free at once', async () => {
    const { owner, members } = await teamWith(2);
    const [m1, m2] = members;
    expect(await planOf(m1)).toBe('pro');
    const sub = await (await m1.client.call(subscription.GET, { path: '/api/v1/subscriptions/me' })).json();
    expect(sub.status).toBe('team');
    expect(sub.limits.max_upload_bytes).toBe(1_000_000_000);
    const keyRes = await m1.client.call(apiKeys.POST, {
      method: 'POST',
      path: '/api/v1/api-keys',
      ...jsonBody({ name: 'm1' }),
    });
    expect(keyRes.status).toBe(200);
    const key = await keyRes.json();
    const api = new RouteClient({ 'x-api-key': key.secret });
    const png = await makePng();
    const made = await convert(api, png);
    expect(made.status).toBe(201);
    const conv = await made.json();
    // paid retention through the team
    expect(Date.parse(conv.expires_at) - Date.parse(conv.created_at)).toBe(7 * 86_400_000);

    // the owner removes m1: Free at once, the key stops
    expect((await remove(owner, m1.id)).status).toBe(200);
    expect(await planOf(m1)).toBe('free');
    expect((await convert(api, png)).status).toBe(401);
    expect((await getTeam(m1)).status).toBe(404);
    expect((await remove(owner, m1.id)).status).toBe(404);

    // a member cannot remove someone else; m2 leaves
    expect((await remove(m2, owner.id)).status).toBe(403);
    expect((await remove(m2, m2.id)).status).toBe(200);
    expect(await planOf(m2)).toBe('free');
    expect((await getTeam(owner)).status).toBe(200);
  });

  it("shows the plan in force in the profile (the team's) beside the person's own, which leaving returns them to", async () => {
    const { owner, members } = await teamWith(1);
    const paying = await verifiedUser('starter');
    const invitation = await (await inviteTo(owner, paying.email)).json();
    expect((await joinWith(paying, invitation.token)).status).toBe(200);
    const plans = async (u: User) => {
      const me = await (await u.client.call(profile.GET, { path: '/api/v1/user/profile' })).json();
      return { plan: me.plan, own_plan: me.own_plan, subscription: await planOf(u) };
    };
    expect(await plans(members[0])).toEqual({ plan: 'pro', own_plan: 'free', subscription: 'pro' });
    expect(await plans(paying)).toEqual({ plan: 'pro', own_plan: 'starter', subscription: 'pro' });
    expect(await plans(owner)).toEqual({ plan: 'pro', own_plan: 'pro', subscription: 'pro' });

    // Leaving or removal: back to Free, unless the person pays for their own subscription.
    expect((await remove(members[0], members[0].id)).status).toBe(200);
    expect((await remove(owner, paying.id)).status).toBe(200);
    expect(await plans(members[0])).toEqual({ plan: 'free', own_plan: 'free', subscription: 'free' });
    expect(await plans(paying)).toEqual({ plan: 'starter', own_plan: 'starter', subscription: 'starter' });
  });

  it('keeps the owner while members remain (409); an owner alone leaving dissolves the team', async () => {
    const { owner, members } = await teamWith(1);
    expect(await codeOf(await remove(owner, owner.id))).toEqual({ status: 409, code: 'conflict' });
    expect((await remove(owner, members[0].id)).status).toBe(200);
    expect((await remove(owner, owner.id)).status).toBe(200);
    expect((await getTeam(owner)).status).toBe(404);
    expect(await planOf(owner)).toBe('pro'); // the owner's own subscription is untouched
  });

  it("keeps files private: a member's conversion answers 403 to the owner and to other members", async () => {
    const { owner, members } = await teamWith(2);
    const res = await convert(members[0].client, await makePng());
    expect(res.status).toBe(201);
    const { id } = await res.json();
    for (const other of [owner, members[1]]) {
      const seen = await other.client.call(status.GET, {
        path: `/api/v1/convert/status/${id}`,
        params: { id: String(id) },
      });
      expect(seen.status).toBe(403);
    }
    expect(
      (await members[0].client.call(status.GET, { path: `/api/v1/convert/status/${id}`, params: { id: String(id) } }))
        .status,
    ).toBe(200);
  });

  it('shares one daily allowance, counted atomically across concurrent members', async () => {
    await withEnv({ PLAN_PRO_DAILY_CONVERSIONS: '4' }, async () => {
      const { owner, members } = await teamWith(2);
      const png = await makePng();
      const everyone = [owner, ...members];
      const results = await Promise.all(Array.from({ length: 9 }, (_, i) => convert(everyone[i % 3].client, png)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 429, 429, 429, 429, 429]);
      const usage = await (await members[1].client.call(subscription.GET, { path: '/api/v1/subscriptions/me' })).json();
      expect(usage.usage.conversions_today).toBe(4);
      // someone outside the team has their own allowance
      expect((await convert((await signedUpUser('pro')).client, png)).status).toBe(201);
    });
  });

  it("is the owner's own allowance: dissolving the team and creating another does not start the day again", async () => {
    await withEnv({ PLAN_PRO_DAILY_CONVERSIONS: '2' }, async () => {
      const { owner, members } = await teamWith(1);
      const png = await makePng();
      expect((await convert(owner.client, png)).status).toBe(201);
      expect((await convert(members[0].client, png)).status).toBe(201);
      expect((await convert(owner.client, png)).status).toBe(429);
      // The member leaves and the owner, alone, dissolves the team: back on the owner's own Pro plan.
      expect((await remove(members[0], members[0].id)).status).toBe(200);
      expect((await remove(owner, owner.id)).status).toBe(200);
      expect((await convert(owner.client, png)).status).toBe(429);
      // A new team is still the same owner's day.
      expect((await createTeam(owner)).status).toBe(200);
      expect((await convert(owner.client, png)).status).toBe(429);
      // The member who left is on Free, with an allowance of their own.
      expect((await convert(members[0].client, png)).status).toBe(201);
    });
  });

  it("drops the members to Free when the owner's plan falls below Pro, and back when it returns", async () => {
    const { owner, members } = await teamWith(1, 'business');
    expect(await planOf(members[0])).toBe('business');
    await db.user.update({ where: { id: owner.id }, data: { plan: 'starter' } });
    expect(await planOf(members[0])).toBe('free');
    expect(await codeOf(await inviteTo(owner, (await signedUpUser()).email))).toEqual({
      status: 403,
      code: 'plan_required',
    });
    const team = await (await getTeam(owner)).json();
    expect(team.team).toMatchObject({ plan: 'starter', capacity: 0 });
    await db.user.update({ where: { id: owner.id }, data: { plan: 'pro' } });
    expect(await planOf(members[0])).toBe('pro');
  });
});
