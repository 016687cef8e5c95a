import { describe, expect, it } from 'vitest';
import * as callback from '@/app/api/v1/cloud/[provider]/callback/route';
import * as connection from '@/app/api/v1/cloud/[provider]/connection/route';
import * as download from '@/app/api/v1/cloud/[provider]/download/route';
import * as cloudStatus from '@/app/api/v1/cloud/status/route';
import * as fromCloud from '@/app/api/v1/convert/from-cloud/route';
import { db } from '@/lib/db';
import { runConversion } from '@/lib/conversions/run-conversion';
import { signedUpUser } from '@/tests/support/accounts';
import {
  at,
  connected,
  consent,
  finish,
  list,
  startConnect,
  withFakeCloudProviders,
} from '@/tests/support/cloud-connect';
import { withEnv } from '@/tests/support/env';
import { FAKE_PROVIDERS } from '@/tests/support/fake-cloud-provider';
import { jsonBody, RouteClient } from '@/tests/support/route-client';

// "Connect Google Drive / Dropbox / OneDrive": the OAuth 2.0 authorization-code flow with PKCE
// against a loopback stand-in of each provider's authorize, token, listing and download endpoints,
// through the real routes.

const standIn = withFakeCloudProviders();

const statusOf = async (client: RouteClient, provider: string) =>
  (
    (await (await client.call(cloudStatus.GET, { path: '/api/v1/cloud/status' })).json()) as {
      providers: Array<{ id: string; configured: boolean; connectable: boolean; connected: boolean }>;
    }
  ).providers.find((p) => p.id === provider)!;

describe('connecting a cloud file service', () => {
  it('is offered only with a client secret: with the client id alone the API path works and connect is a 400', async () => {
    const { client, id } = await signedUpUser();
    expect(await statusOf(client, 'google_drive')).toMatchObject({ configured: true, connectable: true });
    expect(await statusOf(client, 's3')).toMatchObject({ connectable: false, connected: false });
    await withEnv({ GOOGLE_DRIVE_CLIENT_SECRET: undefined }, async () => {
      expect(await statusOf(client, 'google_drive')).toMatchObject({ configured: true, connectable: false });
      const res = await startConnect(client, 'google_drive');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    });
    expect((await startConnect(client, 's3')).status).toBe(400);
    expect((await startConnect(new RouteClient(), 'google_drive')).status).toBe(401);
    expect(await db.cloudOAuthState.count({ where: { userId: id } })).toBe(0);
  });

  it.each(FAKE_PROVIDERS)(
    '%s: PKCE authorization code, sealed tokens, a picker listing, and an import by file id',
    async (provider) => {
      const user = await signedUpUser();
      const start = await startConnect(user.client, provider);
      expect(start.status).toBe(200);
      expect(start.headers.get('set-cookie')).toMatch(
        new RegExp(
          `^tm_cloud_connect=[\\w-]{32}; Path=/api/v1/cloud/${provider}/callback; Max-Age=600; HttpOnly; SameSite=Lax`,
        ),
      );
      const { authorize_url, expires_at } = await start.json();
      expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
      const asked = new URL(authorize_url).searchParams;
      expect(Object.fromEntries(asked)).toMatchObject({
        response_type: 'code',
        client_id: `${provider}-client`,
        redirect_uri: `http://localhost:3000/api/v1/cloud/${provider}/callback`,
        code_challenge_method: 'S256',
        code_challenge: expect.stringMatching(/^[\w-]{43}$/),
        state: expect.stringMatching(/^[\w-]{20,}$/),
      });
      // The state is kept only as a hash.
      expect(await db.cloudOAuthState.count({ where: { stateHash: asked.get('state')! } })).toBe(0);

      const done = await finish(user.client, provider, await consent(authorize_url));
      expect(done.status).toBe(302);
      expect(done.headers.get('location')).toBe(`http://localhost:3000/?cloud_connected=${provider}`);
      expect(standIn.fake.log.at(-1)).toEqual({ provider, grant: 'authorization_code' });
      const row = await db.cloudConnection.findUniqueOrThrow({
        where: { userId_provider: { userId: user.id, provider } },
      });
      expect(row.refreshToken).not.toMatch(/^rt-/);
      expect(row.accessToken).not.toMatch(/^at-/);
      expect(await statusOf(user.client, provider)).toMatchObject({ connected: true });

      const root = await (await list(user.client, provider)).json();
      expect(root).toMatchObject({ folder: null, search: null });
      expect(root.items.map((i: { name: string }) => i.name).sort()).toEqual(['Scans', 'report.png']);
      expect(root.items.find((i: { name: string }) => i.name === 'Scans')).toMatchObject({ folder: true, size: null });
      const scans = root.items.find((i: { name: string }) => i.name === 'Scans').id;
      const inside = await (await list(user.client, provider, `?folder=${encodeURIComponent(scans)}`)).json();
      expect(inside.items).toEqual([
        { id: expect.any(String), name: 'page.png', size: standIn.png.length, folder: false },
      ]);
      const found = await (await list(user.client, provider, '?search=report')).json();
      expect(found.items.map((i: { name: string }) => i.name)).toEqual(['report.png']);

      // The chosen file is imported through the connection: no access token from the caller.
      const held = await user.client.call(download.POST, {
        method: 'POST',
        path: `/api/v1/cloud/${provider}/download`,
        ...at(provider),
        ...jsonBody({ file_id: inside.items[0].id }),
      });
      expect(held.ok, await held.clone().text()).toBe(true);
      const { token, file_name } = await held.json();
      expect(file_name).toBe('page.png');
      const conv = await user.client.call(fromCloud.POST, {
        method: 'POST',
        path: '/api/v1/convert/from-cloud',
        ...jsonBody({ token, target_format: 'webp' }),
      });
      expect(conv.status).toBe(201);
      expect(await runConversion(BigInt((await conv.json()).id))).toBe('completed');
    },
  );

  it('the state works once, only for the account and browser that started it, and only for 10 minutes', async () => {
    const user = await signedUpUser();
    const other = await signedUpUser();
    const attempt = async () => consent((await (await startConnect(user.client, 'dropbox')).json()).authorize_url);
    const expectRefused = async (client: RouteClient, path: string) => {
      const res = await finish(client, 'dropbox', path);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request', error: expect.stringContaining('connect again') });
    };

    // Another account (with the callback URL, even in the same browser) and the same account in another browser.
    await expectRefused(other.client, await attempt());
    const start = await startConnect(user.client, 'dropbox');
    const nonce = start.headers.get('set-cookie')!.split(';')[0];
    const path = await consent((await start.json()).authorize_url);
    expect((await other.client.call(callback.GET, { path, ...at('dropbox'), headers: { cookie: nonce } })).status).toBe(
      400,
    );
    const sameAccountElsewhere = new RouteClient({ authorization: `Bearer ${user.tokens.access_token}` });
    await expectRefused(sameAccountElsewhere, await attempt());
    // Expired.
    const late = await attempt();
    await db.cloudOAuthState.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    await expectRefused(user.client, late);
    // No state, a state for another provider, and a state used twice.
    await expectRefused(user.client, '/api/v1/cloud/dropbox/callback?code=abc');
    const forDropbox = await attempt();
    expect((await finish(user.client, 'onedrive', forDropbox.replace('dropbox', 'onedrive'))).status).toBe(400);
    const once = await attempt();
    expect((await finish(user.client, 'dropbox', once)).status).toBe(302);
    await expectRefused(user.client, once);

    expect(await db.cloudConnection.count({ where: { userId: other.id } })).toBe(0);
    expect(await db.cloudConnection.count({ where: { userId: user.id, provider: 'onedrive' } })).toBe(0);
    // The refused attempts stay the starter's until they expire; none was ever the other account's.
    expect(await db.cloudOAuthState.count({ where: { userId: other.id } })).toBe(0);
  });

  it('a refusal at the provider, or a code it does not accept, is a 400 that connects nothing', async () => {
    const user = await signedUpUser();
    const { authorize_url } = await (await startConnect(user.client, 'onedrive')).json();
    const state = new URL(authorize_url).searchParams.get('state')!;
    const denied = await finish(
      user.client,
      'onedrive',
      `/api/v1/cloud/onedrive/callback?error=access_denied&state=${state}`,
    );
    expect(denied.status).toBe(400);
    expect((await denied.json()).error).toContain('access_denied');

    const again = await (await startConnect(user.client, 'onedrive')).json();
    const path = (await consent(again.authorize_url)).replace(/code=[^&]+/, 'code=forged');
    const forged = await finish(user.client, 'onedrive', path);
    expect(forged.status).toBe(400);
    expect((await forged.json()).error).toContain('invalid_grant');
    expect(await db.cloudConnection.count({ where: { userId: user.id } })).toBe(0);
  });

  it('an expired access token is refreshed; a grant the provider revoked ends the connection', async () => {
    const user = await connected('google_drive');
    const where = { userId_provider: { userId: user.id, provider: 'google_drive' } };
    const before = await db.cloudConnection.findUniqueOrThrow({ where });
    await db.cloudConnection.update({ where, data: { accessExpiresAt: new Date(Date.now() - 1000) } });
    expect((await list(user.client, 'google_drive')).status).toBe(200);
    expect(standIn.fake.log.at(-1)).toEqual({ provider: 'google_drive', grant: 'refresh_token' });
    const after = await db.cloudConnection.findUniqueOrThrow({ where });
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    standIn.fake.revokeAll();
    await db.cloudConnection.update({ where, data: { accessExpiresAt: new Date(Date.now() - 1000) } });
    const res = await list(user.client, 'google_drive');
    expect(res.status).toBe(404);
    expect((await res.json()).error).toContain('not connected');
    expect(await db.cloudConnection.count({ where: { userId: user.id } })).toBe(0);
  });

  it('disconnect deletes the tokens: no listing, and an import needs a token of its own again', async () => {
    const user = await connected('dropbox');
    const res = await user.client.call(connection.DELETE, {
      method: 'DELETE',
      path: '/api/v1/cloud/dropbox/connection',
      ...at('dropbox'),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ provider: 'dropbox', connected: false });
    expect(await db.cloudConnection.count({ where: { userId: user.id } })).toBe(0);
    expect((await list(user.client, 'dropbox')).status).toBe(404);
    const held = await user.client.call(download.POST, {
      method: 'POST',
      path: '/api/v1/cloud/dropbox/download',
      ...at('dropbox'),
      ...jsonBody({ file_id: 'id:file-page' }),
    });
    expect(held.status).toBe(400);
    expect(await statusOf(user.client, 'dropbox')).toMatchObject({ connected: false });
  });

  it('refuses bad picker queries and an unconnectable provider in the path (400), strangers (401)', async () => {
    const user = await connected('onedrive');
    expect((await list(user.client, 'onedrive', '?folder=')).status).toBe(400);
    expect((await list(user.client, 'onedrive', '?sort=name')).status).toBe(400);
    expect((await list(user.client, 's3')).status).toBe(400);
    expect((await list(new RouteClient(), 'onedrive')).status).toBe(401);
    expect((await list(user.client, 'google_drive')).status).toBe(404);
  });
});
