import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as apiKeys from '@/app/api/v1/api-keys/route';
import * as cloudDownload from '@/app/api/v1/cloud/[provider]/download/route';
import * as fromCloud from '@/app/api/v1/convert/from-cloud/route';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import { installLoopbackOnlyGuard } from '@/tests/support/loopback-only';
import { signedUpUser } from '@/tests/support/accounts';
import { overrideEnv, withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { jsonBody, RouteClient } from '@/tests/support/route-client';

// Every caller SPEC allows on POST /convert/from-cloud (anonymous, API key, session) can fetch a
// file from a provider, and only that caller can redeem the token. Google Drive's download API is
// a local stand-in on loopback; the guard makes any other connection throw.

let png: Buffer;
let standIn: http.Server;
let restoreEnv: () => void;
let removeGuard: () => void;

beforeAll(async () => {
  removeGuard = installLoopbackOnlyGuard();
  png = await makePng();
  standIn = http.createServer((req, res) => {
    const u = new URL(req.url!, 'http://x');
    const file = u.pathname.match(/^\/drive\/v3\/files\/([^/]+)$/);
    if (req.headers.authorization !== 'Bearer picker-token' || !file) return void res.writeHead(404).end();
    if (u.searchParams.get('fields') === 'name') return void res.end(JSON.stringify({ name: `${file[1]}.png` }));
    res.end(file[1].startsWith('big') ? Buffer.concat([png, Buffer.alloc(300_000)]) : png);
  });
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  restoreEnv = overrideEnv({
    OUTBOUND_ALLOW_HOSTS: new URL(origin).host,
    GOOGLE_DRIVE_CLIENT_ID: 'drive-client',
    GOOGLE_DRIVE_API_BASE: origin,
  });
});

afterAll(() => {
  restoreEnv();
  removeGuard();
  standIn.closeAllConnections();
  standIn.close();
});

const fetchFile = (client: RouteClient, fileId: string) =>
  client.call(cloudDownload.POST, {
    method: 'POST',
    path: '/api/v1/cloud/google_drive/download',
    params: { provider: 'google_drive' },
    ...jsonBody({ file_id: fileId, access_token: 'picker-token' }),
  });

async function held(client: RouteClient, fileId: string): Promise<string> {
  const res = await fetchFile(client, fileId);
  expect(res.ok, await res.clone().text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

const redeem = (client: RouteClient, token: string) =>
  client.call(fromCloud.POST, {
    method: 'POST',
    path: '/api/v1/convert/from-cloud',
    ...jsonBody({ token, target_format: 'webp' }),
  });

async function apiKeyClient(plan: 'starter' | 'pro') {
  const user = await signedUpUser(plan);
  const res = await user.client.call(apiKeys.POST, {
    method: 'POST',
    path: '/api/v1/api-keys',
    ...jsonBody({ name: 'cloud import' }),
  });
  expect(res.ok).toBe(true);
  const { secret } = (await res.json()) as { secret: string };
  return { ...user, api: new RouteClient({ 'x-api-key': secret }) };
}

/** A stranger's redeem answers 403, converts nothing, and leaves the token to its owner. */
async function expectRefused(stranger: RouteClient, token: string) {
  const conversions = await db.conversion.count();
  const res = await stranger.call(fromCloud.POST, {
    method: 'POST',
    path: '/api/v1/convert/from-cloud',
    ...jsonBody({ token, target_format: 'webp' }),
  });
  expect(res.status).toBe(403);
  expect(await res.json()).toMatchObject({ code: 'forbidden', error: expect.any(String) });
  expect(await db.conversion.count()).toBe(conversions);
  expect(await db.cloudImport.count({ where: { token } })).toBe(1);
}

describe('cloud import for every caller', () => {
  it('an anonymous caller fetches and redeems by its guest identity; other guests and accounts get 403', async () => {
    const guest = new RouteClient();
    const token = await held(guest, 'guest-scan');
    const row = await db.cloudImport.findUniqueOrThrow({ where: { token } });
    expect(row.userId).toBeNull();
    expect(row.guestId).toEqual(expect.any(String));

    await expectRefused(new RouteClient(), token);
    await expectRefused((await signedUpUser('pro')).client, token);

    const res = await redeem(guest, token);
    expect(res.status).toBe(201);
    const conversion = await res.json();
    expect(conversion).toMatchObject({ original_file_name: 'guest-scan.png', status: 'pending' });
    const owned = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(conversion.id) } });
    expect(owned).toMatchObject({ userId: null, guestId: row.guestId });
    expect(await runConversion(BigInt(conversion.id))).toBe('completed');
    expect((await redeem(guest, token)).status).toBe(404);
  });

  it("an anonymous caller gets the Free plan's upload limit: 413 and nothing kept", async () => {
    const imports = await db.cloudImport.count();
    await withEnv({ PLAN_FREE_MAX_UPLOAD_BYTES: '100000' }, async () => {
      const res = await fetchFile(new RouteClient(), 'big-guest');
      expect(res.status).toBe(413);
    });
    expect(await db.cloudImport.count()).toBe(imports);
  });

  it("an API key fetches under its account's plan and redeems; another account's key gets 403", async () => {
    const owner = await apiKeyClient('pro');
    const token = await withEnv({ PLAN_FREE_MAX_UPLOAD_BYTES: '100000', PLAN_PRO_MAX_UPLOAD_BYTES: '1000000' }, () =>
      held(owner.api, 'big-over-free-limit'),
    );
    expect(await db.cloudImport.findUniqueOrThrow({ where: { token } })).toMatchObject({
      userId: owner.id,
      guestId: null,
    });
    await expectRefused((await apiKeyClient('starter')).api, token);
    await expectRefused(new RouteClient(), token);
    const res = await redeem(owner.api, token);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ original_file_name: 'big-over-free-limit.png' });

    await withEnv({ PLAN_PRO_MAX_UPLOAD_BYTES: '100000' }, async () => {
      expect((await fetchFile(owner.api, 'big-pro')).status).toBe(413);
    });
  });

  it("a session's token is redeemable by the same account (its API key too), not by a stranger", async () => {
    const owner = await apiKeyClient('starter');
    const token = await held(owner.client, 'session-scan');
    await expectRefused((await signedUpUser()).client, token);
    await expectRefused(new RouteClient(), token);
    expect((await redeem(owner.api, token)).status).toBe(201);
  });
});
