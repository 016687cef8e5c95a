import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as accounts from '@/app/api/v1/admin/accounts/route';
import * as account from '@/app/api/v1/admin/accounts/[id]/route';
import * as audit from '@/app/api/v1/admin/audit/route';
import * as teams from '@/app/api/v1/admin/teams/route';
import * as profile from '@/app/api/v1/user/profile/route';
import * as initUpload from '@/app/api/v1/uploads/init/route';
import * as putPart from '@/app/api/v1/uploads/[token]/parts/[number]/route';
import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { signedClientAddressHeaders } from '@/lib/identity/client-address';
import { accountSubject } from '@/lib/identity/caller';
import { storage } from '@/lib/storage';
import { newStorageKey } from '@/lib/storage/keys';
import { adminUser, signedUpUser } from '@/tests/support/accounts';
import { createPngConversion } from '@/tests/support/png-conversion';
import { makePng } from '@/tests/support/fixtures';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { localStoreView } from '@/tests/support/store-view';
import { randomEmail } from '@/tests/support/test-data';

const ADMIN_ADDRESS = '203.0.113.77';

/** An administrator calling from ADMIN_ADDRESS (what the audit entries must record). */
async function administrator() {
  const admin = await adminUser();
  const client = new RouteClient({
    authorization: `Bearer ${admin.tokens.access_token}`,
    ...signedClientAddressHeaders(ADMIN_ADDRESS),
  });
  return { ...admin, client };
}

const getAccount = (client: RouteClient, id: string) =>
  client.call(account.GET, { path: `/api/v1/admin/accounts/${id}`, params: { id } });

const patchAccount = (client: RouteClient, id: string, body: unknown) =>
  client.call(account.PATCH, {
    method: 'PATCH',
    path: `/api/v1/admin/accounts/${id}`,
    params: { id },
    ...jsonBody(body),
  });

const deleteAccount = (client: RouteClient, id: string) =>
  client.call(account.DELETE, { method: 'DELETE', path: `/api/v1/admin/accounts/${id}`, params: { id } });

async function search(client: RouteClient, q: string) {
  const res = await client.call(accounts.GET, { path: `/api/v1/admin/accounts?q=${encodeURIComponent(q)}` });
  expect(res.status).toBe(200);
  return (await res.json()) as { items: Array<{ id: string; email: string }>; total: number; page: number };
}

const auditOf = (targetId: string) => db.auditEntry.findMany({ where: { targetId }, orderBy: { createdAt: 'asc' } });

describe('admin accounts API', () => {
  it('searches by any part of the e-mail address or of the name, in any case', async () => {
    const admin = await administrator();
    const tag = Math.random().toString(36).slice(2, 10);
    const user = await signedUpUser('free', `Someone.${tag}@example.test`);
    await db.user.update({ where: { id: user.id }, data: { name: `Grace ${tag.toUpperCase()} Hopper` } });

    for (const q of [`ONE.${tag}`, `${tag}@EXAMPLE`, `grace ${tag}`, `${tag} hop`]) {
      const found = await search(admin.client, q);
      expect(
        found.items.map((a) => a.id),
        q,
      ).toEqual([user.id]);
      expect(found).toMatchObject({ total: 1, page: 1, pages: 1 });
    }
    expect((await search(admin.client, `${tag}-nobody`)).total).toBe(0);
    // LIKE's wildcards are letters like any other here.
    expect((await search(admin.client, `${tag.slice(0, 3)}%${tag.slice(4)}`)).total).toBe(0);
    expect((await search(admin.client, `${tag.slice(0, 3)}_${tag.slice(4)}`)).total).toBe(0);
  });

  it("shows an account with its team and usage today and over 30 days from the allowance's ledger", async () => {
    const admin = await administrator();
    const user = await signedUpUser('pro');
    const today = new Date(new Date().toISOString().slice(0, 10));
    const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000);
    await db.usageDay.createMany({
      data: [
        { subject: accountSubject(user.id), day: today, count: 3, bytes: 3000n },
        { subject: accountSubject(user.id), day: daysAgo(10), count: 5, bytes: 500n },
        { subject: accountSubject(user.id), day: daysAgo(30), count: 100, bytes: 100n }, // outside the 30 days
      ],
    });
    const team = await db.team.create({ data: { name: 'T', ownerId: user.id } });
    await db.teamMember.create({ data: { teamId: team.id, userId: user.id, role: 'owner' } });

    const res = await getAccount(admin.client, user.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: user.id,
      email: user.email,
      name: null,
      plan: 'pro',
      role: 'user',
      verified: false,
      disabled: false,
      created_at: expect.any(String),
      team: { id: team.id, role: 'owner' },
      usage: { today: { conversions: 3, bytes: 3000 }, last_30_days: { conversions: 8, bytes: 3500 } },
    });
    expect((await getAccount(admin.client, 'no-such-account')).status).toBe(404);
  });

  it('counts what an account converts in conversions and input bytes', async () => {
    const admin = await administrator();
    const user = await signedUpUser();
    const conversion = await createPngConversion(user.client);
    const { inputSize } = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(conversion.id) } });
    const used = { conversions: 1, bytes: Number(inputSize) };
    const res = await getAccount(admin.client, user.id);
    expect((await res.json()).usage).toEqual({ today: used, last_30_days: used });
  });

  it('changes plan, verification and role with one audit entry of the values, its actor and address', async () => {
    const admin = await administrator();
    const user = await signedUpUser();
    // A live Stripe subscription would set the plan again: the answer says so.
    await db.user.update({
      where: { id: user.id },
      data: { stripeSubscriptionId: 'sub_test', subscriptionStatus: 'active' },
    });

    const res = await patchAccount(admin.client, user.id, { plan: 'business', verified: true, role: 'admin' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.account).toMatchObject({ plan: 'business', verified: true, role: 'admin', disabled: false });
    expect(body.stripe_managed).toBe(true);
    expect(body.warnings).toEqual([
      `${user.email} has a Stripe subscription; its next Stripe event will set the plan again.`,
    ]);

    const entries = await auditOf(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'account.update',
      targetEmail: user.email,
      origin: ADMIN_ADDRESS,
      details: {
        plan: { from: 'free', to: 'business' },
        verified: { from: false, to: true },
        role: { from: 'user', to: 'admin' },
      },
    });
    // Nothing to change: nothing written.
    expect((await patchAccount(admin.client, user.id, { plan: 'business' })).status).toBe(200);
    expect(await auditOf(user.id)).toHaveLength(1);

    const audited = await admin.client.call(audit.GET, { path: '/api/v1/admin/audit' });
    const newest = (await audited.json()).items.find(
      (e: { target: { id: string } | null }) => e.target?.id === user.id,
    );
    expect(newest).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      target: { id: user.id, email: user.email },
      action: 'account.update',
      details: { plan: { from: 'free', to: 'business' } },
      origin: ADMIN_ADDRESS,
    });
  });

  it("disabling answers 401 to the account's next request, enabling lets it back", async () => {
    const admin = await administrator();
    const user = await signedUpUser();
    const me = () => user.client.call(profile.GET, { path: '/api/v1/user/profile' });
    expect((await me()).status).toBe(200);

    const disabled = await patchAccount(admin.client, user.id, { disabled: true });
    expect((await disabled.json()).account.disabled).toBe(true);
    expect((await me()).status).toBe(401);
    await patchAccount(admin.client, user.id, { disabled: false });
    expect((await me()).status).toBe(200);
    expect((await auditOf(user.id)).map((e) => e.details)).toEqual([
      { disabled: { from: false, to: true } },
      { disabled: { from: true, to: false } },
    ]);
  });

  it('refuses an administrator disabling, demoting or deleting their own account, and writes nothing', async () => {
    const admin = await administrator();
    for (const change of [{ disabled: true }, { role: 'user' }]) {
      const res = await patchAccount(admin.client, admin.id, change);
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatch(/cannot (disable|take away) their own/);
    }
    const res = await deleteAccount(admin.client, admin.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('An administrator cannot delete their own account');
    expect(await db.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({
      role: 'admin',
      disabledAt: null,
    });
    expect(await auditOf(admin.id)).toEqual([]);
    // Changing anything else of their own is fine.
    expect((await patchAccount(admin.client, admin.id, { plan: 'pro' })).status).toBe(200);
  });

  it('deletes an account with its conversions, uploads and files, and audits it', async () => {
    const admin = await administrator();
    const user = await signedUpUser('starter');
    const conversion = await createPngConversion(user.client);
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(conversion.id) } });
    expect(await storage().size(row.inputKey)).toBeGreaterThan(0);
    // An upload in parts never completed: its multipart object is open.
    const png = await makePng();
    const init = await user.client.call(initUpload.POST, {
      method: 'POST',
      path: '/api/v1/uploads/init',
      ...jsonBody({ file_name: 'photo.png', file_size: png.length, target_format: 'webp' }),
    });
    const { token } = await init.json();
    const put = await user.client.call(putPart.PUT, {
      method: 'PUT',
      path: `/api/v1/uploads/${token}/parts/1`,
      params: { token, number: '1' },
      body: new Uint8Array(png),
    });
    expect(put.status).toBe(200);
    const upload = await db.upload.findUniqueOrThrow({ where: { token } });
    const store = localStoreView(config.filesDir);
    expect(await store.multipartOpen(upload.storageKey)).toBe(true);
    // A file fetched from a cloud provider, not yet converted.
    const fetchedKey = newStorageKey('inputs');
    await storage().put(fetchedKey, Readable.from([png]));
    await db.cloudImport.create({
      data: {
        token: `admin-test-${fetchedKey.slice(-8)}`,
        userId: user.id,
        provider: 'dropbox',
        storageKey: fetchedKey,
        fileName: 'photo.png',
        size: png.length,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });

    const res = await deleteAccount(admin.client, user.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });

    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await db.conversion.count({ where: { id: row.id } })).toBe(0);
    expect(await db.upload.count({ where: { token } })).toBe(0);
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(0);
    expect(await storage().size(row.inputKey)).toBeNull();
    expect(await storage().size(row.resultKey)).toBeNull();
    expect(await store.multipartOpen(upload.storageKey)).toBe(false);
    expect(await store.has(upload.storageKey)).toBe(false);
    expect(await storage().size(fetchedKey)).toBeNull();
    expect(await db.cloudImport.count({ where: { storageKey: fetchedKey } })).toBe(0);

    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({
      action: 'account.delete',
      actorId: admin.id,
      targetEmail: user.email,
      origin: ADMIN_ADDRESS,
      details: { plan: 'starter', role: 'user', conversions: 1, uploads: 1, cloud_imports: 1 },
    });
    expect((await deleteAccount(admin.client, user.id)).status).toBe(404);
  });

  it('lists teams with owner, plan and members', async () => {
    const admin = await administrator();
    const owner = await signedUpUser('pro');
    const member = await signedUpUser();
    const team = await db.team.create({ data: { name: `Team ${randomEmail()}`, ownerId: owner.id } });
    await db.teamMember.createMany({
      data: [
        { teamId: team.id, userId: owner.id, role: 'owner' },
        { teamId: team.id, userId: member.id, role: 'member' },
      ],
    });
    const res = await admin.client.call(teams.GET, { path: '/api/v1/admin/teams' });
    expect(res.status).toBe(200);
    const listed = (await res.json()).items.find((t: { id: string }) => t.id === team.id);
    expect(listed).toEqual({
      id: team.id,
      name: team.name,
      plan: 'pro',
      created_at: expect.any(String),
      owner: { id: owner.id, email: owner.email },
      members: [
        { id: owner.id, email: owner.email, role: 'owner' },
        { id: member.id, email: member.email, role: 'member' },
      ],
    });
  });
});
