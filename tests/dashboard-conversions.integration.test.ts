import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import {
  CONVERSIONS_PAGE_SIZE,
  listConversions,
  parseConversionFilter,
  recentGuestConversions,
  usageHistory,
} from '@/lib/conversions/list-conversions';
import { db } from '@/lib/db';
import { accountIdentity } from '@/lib/identity/account-plan';
import { limitsFor } from '@/lib/plans';
import { signedUpUser } from '@/tests/support/accounts';
import { makePng } from '@/tests/support/fixtures';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { teamWith } from '@/tests/support/teams';

describe('dashboard conversions listing', () => {
  it('lists only the account’s own conversions, newest first, paginated and filtered', async () => {
    const { owner, members } = await teamWith(1);
    const png = await makePng();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await owner.client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(png, `f${i}.png`, 'webp'),
      });
      ids.push(String((await res.json()).id));
    }
    // a team member's file never shows up on the owner's list
    await members[0].client.call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(png, 'm.png', 'jpg'),
    });
    await db.conversion.update({ where: { id: BigInt(ids[0]) }, data: { status: 'failed' } });

    const all = await listConversions(owner.id, parseConversionFilter({}));
    expect(all.total).toBe(3);
    expect(all.items.map((c) => c.fileName)).toEqual(['f2.png', 'f1.png', 'f0.png']);
    expect(all.items[0]).toMatchObject({
      from: 'png',
      to: 'webp',
      status: 'pending',
      inputSize: png.length,
      resultSize: null,
    });

    const failed = await listConversions(owner.id, parseConversionFilter({ status: 'failed' }));
    expect(failed.items.map((c) => c.id)).toEqual([ids[0]]);
    expect((await listConversions(owner.id, parseConversionFilter({ format: 'jpg' }))).total).toBe(0);
    expect((await listConversions(members[0].id, parseConversionFilter({ format: 'jpg' }))).total).toBe(1);

    // unknown filter values are ignored, pages past the end are empty
    expect(parseConversionFilter({ status: 'nope', format: '../x', page: '-3' })).toEqual({
      status: undefined,
      format: undefined,
      page: 1,
    });
    expect((await listConversions(owner.id, { page: 2 })).items).toEqual([]);
    expect(CONVERSIONS_PAGE_SIZE).toBeGreaterThan(3);

    // usage: 30 days ending today, the team's shared count against the team plan's allowance
    const caller = {
      kind: 'session' as const,
      userId: owner.id,
      guestId: null,
      viaCookie: true,
      clientAddress: 'x',
      ...(await accountIdentity(owner.id))!,
    };
    const history = await usageHistory(caller);
    expect(history.days).toHaveLength(30);
    expect(history.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 4 });
    expect(history).toMatchObject({ allowance: limitsFor('pro').dailyConversions, shared: true });
    const alone = await signedUpUser();
    const freeHistory = await usageHistory({
      kind: 'session',
      userId: alone.id,
      guestId: null,
      plan: 'free',
      viaCookie: true,
      clientAddress: 'x',
    });
    expect(freeHistory).toMatchObject({ allowance: limitsFor('free').dailyConversions, shared: false });
    expect(freeHistory.days.every((d) => d.count === 0)).toBe(true);
  });

  it('filters by the UTC days a conversion was created on, both ends included', async () => {
    const user = await signedUpUser();
    const png = await makePng();
    const created: Record<string, string> = {};
    for (const [name, at] of [
      ['before.png', '2026-03-09T23:59:59.999Z'],
      ['first.png', '2026-03-10T00:00:00.000Z'],
      ['last.png', '2026-03-12T23:59:59.999Z'],
      ['after.png', '2026-03-13T00:00:00.000Z'],
    ]) {
      const res = await user.client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(png, name, 'webp'),
      });
      created[name] = String((await res.json()).id);
      await db.conversion.update({ where: { id: BigInt(created[name]) }, data: { createdAt: new Date(at) } });
    }
    const names = async (params: Record<string, string>) =>
      (await listConversions(user.id, parseConversionFilter(params))).items.map((c) => c.fileName);

    expect(await names({ from: '2026-03-10', to: '2026-03-12' })).toEqual(['last.png', 'first.png']);
    expect(await names({ from: '2026-03-13' })).toEqual(['after.png']);
    expect(await names({ to: '2026-03-09' })).toEqual(['before.png']);
    expect(await names({ from: '2026-03-11', to: '2026-03-11' })).toEqual([]);
    // a day that is not one (or not YYYY-MM-DD) is ignored, as other unknown filter values are
    expect(parseConversionFilter({ from: '2026-02-30', to: '12/03/2026' })).toMatchObject({
      from: undefined,
      to: undefined,
    });
    expect(await names({ from: '2026-02-30' })).toHaveLength(4);
  });

  it("shows a guest only their own recent conversions (the home page's list)", async () => {
    const png = await makePng();
    const guest = new RouteClient();
    const other = new RouteClient();
    const mine = await (
      await guest.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(png, 'g.png', 'webp'),
      })
    ).json();
    await other.call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(png, 'o.png', 'webp'),
    });
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(mine.id) } });
    const list = await recentGuestConversions(row.guestId!);
    expect(list).toEqual([
      { id: String(mine.id), fileName: 'g.png', to: 'webp', status: 'pending', expiresAt: mine.expires_at },
    ]);
    // expired ones are not offered
    await db.conversion.update({ where: { id: BigInt(mine.id) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await recentGuestConversions(row.guestId!)).toEqual([]);
  });
});
