import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cloudStatus from '@/app/api/v1/cloud/status/route';
import * as cloudDownload from '@/app/api/v1/cloud/[provider]/download/route';
import * as fromCloud from '@/app/api/v1/convert/from-cloud/route';
import { db } from '@/lib/db';
import { config } from '@/lib/config';
import { CLOUD_PROVIDERS } from '@/lib/domain/cloud-providers';
import { runConversion } from '@/lib/conversions/run-conversion';
import { installLoopbackOnlyGuard } from '@/tests/support/loopback-only';
import { signedUpUser } from '@/tests/support/accounts';
import { overrideEnv, withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { jsonBody, RouteClient } from '@/tests/support/route-client';

// Each provider against a local stand-in of its download API (named in OUTBOUND_ALLOW_HOSTS), and
// s3 against s3rver. The guard makes any connection to anything but loopback throw.

let png: Buffer;
let standIn: http.Server;
let s3: S3rver;
let s3Dir: string;
let restoreEnv: () => void;
let removeGuard: () => void;
const TOKEN = 'Bearer picker-token';

function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  const u = new URL(req.url!, 'http://x');
  if (req.headers.authorization !== TOKEN) return void res.writeHead(401).end();
  const big = u.pathname.includes('big');
  const body = big ? Buffer.concat([png, Buffer.alloc(300_000)]) : png;
  const drive = u.pathname.match(/^\/drive\/v3\/files\/([^/]+)$/);
  if (drive) {
    if (drive[1] === 'missing') return void res.writeHead(404).end();
    if (u.searchParams.get('fields') === 'name') return void res.end(JSON.stringify({ name: `drive-${drive[1]}.png` }));
    if (u.searchParams.get('alt') === 'media') return void res.end(body);
  }
  if (req.method === 'POST' && u.pathname === '/2/sharing/get_shared_link_file') {
    const { url } = JSON.parse(String(req.headers['dropbox-api-arg']));
    return void res
      .writeHead(200, { 'dropbox-api-result': JSON.stringify({ name: path.basename(new URL(url).pathname) }) })
      .end(body);
  }
  const item = u.pathname.match(/^\/v1\.0\/me\/drive\/items\/([^/]+)\/content$/);
  // Graph answers with a redirect to a pre-authenticated download URL (followed and re-checked).
  if (item) return void res.writeHead(302, { location: `/download/${item[1]}` }).end();
  if (u.pathname.startsWith('/v1.0/shares/u!'))
    return void res.writeHead(200, { 'content-disposition': 'attachment; filename="shared.png"' }).end(body);
  res.writeHead(404).end();
}

beforeAll(async () => {
  removeGuard = installLoopbackOnlyGuard();
  png = await makePng();
  standIn = http.createServer((req, res) => {
    // The redirect target is pre-authenticated: our client must not forward the token to it, but
    // it is the same origin here, so accept either.
    if (req.url!.startsWith('/download/'))
      return void res.writeHead(200, { 'content-disposition': 'attachment; filename="od.png"' }).end(png);
    handler(req, res);
  });
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 's3rver-cloud-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: 'shared-files', configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  restoreEnv = overrideEnv({
    OUTBOUND_ALLOW_HOSTS: new URL(origin).host,
    GOOGLE_DRIVE_CLIENT_ID: 'drive-client',
    GOOGLE_DRIVE_API_BASE: origin,
    DROPBOX_APP_KEY: 'dropbox-key',
    DROPBOX_CONTENT_API_BASE: origin,
    ONEDRIVE_CLIENT_ID: 'onedrive-client',
    ONEDRIVE_API_BASE: origin,
    CLOUD_S3_BUCKET: 'shared-files',
    CLOUD_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    CLOUD_S3_ACCESS_KEY_ID: 'S3RVER',
    CLOUD_S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new PutObjectCommand({ Bucket: 'shared-files', Key: 'scans/page.png', Body: png }));
  await client.send(
    new PutObjectCommand({
      Bucket: 'shared-files',
      Key: 'scans/big.png',
      Body: Buffer.concat([png, Buffer.alloc(300_000)]),
    }),
  );
});

afterAll(async () => {
  restoreEnv();
  removeGuard();
  standIn.closeAllConnections();
  standIn.close();
  await s3.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const download = (client: RouteClient, provider: string, body: Record<string, unknown>) =>
  client.call(cloudDownload.POST, {
    method: 'POST',
    path: `/api/v1/cloud/${provider}/download`,
    params: { provider },
    ...jsonBody(body),
  });

const redeem = (client: RouteClient, token: string, target = 'webp') =>
  client.call(fromCloud.POST, {
    method: 'POST',
    path: '/api/v1/convert/from-cloud',
    ...jsonBody({ token, target_format: target }),
  });

const inputFiles = async () => readdir(path.join(config.filesDir, 'inputs')).catch(() => [] as string[]);

describe('cloud import', () => {
  it('status lists every provider and whether it is configured', async () => {
    const { client } = await signedUpUser();
    const body = await (await client.call(cloudStatus.GET, { path: '/api/v1/cloud/status' })).json();
    expect(body.providers.map((p: { id: string }) => p.id)).toEqual([...CLOUD_PROVIDERS]);
    expect(body.providers.every((p: { configured: boolean }) => p.configured)).toBe(true);
    await withEnv({ DROPBOX_APP_KEY: undefined, CLOUD_S3_BUCKET: undefined }, async () => {
      const off = await (await client.call(cloudStatus.GET, { path: '/api/v1/cloud/status' })).json();
      expect(
        off.providers.filter((p: { configured: boolean }) => !p.configured).map((p: { id: string }) => p.id),
      ).toEqual(['dropbox', 's3']);
      expect(
        (
          await download(client, 'dropbox', {
            file_id: 'https://www.dropbox.com/s/x/a.png',
            access_token: 'picker-token',
          })
        ).status,
      ).toBe(400);
    });
    expect((await new RouteClient().call(cloudStatus.GET, { path: '/api/v1/cloud/status' })).status).toBe(401);
  });

  it.each([
    ['google_drive', 'abc123', 'drive-abc123.png'],
    ['dropbox', 'https://www.dropbox.com/s/k3y/holiday.png?dl=0', 'holiday.png'],
    ['onedrive', 'ITEM42', 'od.png'],
    ['onedrive', 'https://1drv.ms/i/s!AbCdEf', 'shared.png'],
    ['s3', 'scans/page.png', 'page.png'],
  ])('%s: %s is fetched, held behind a token, and converts', async (provider, fileId, name) => {
    const { client } = await signedUpUser();
    const res = await download(client, provider, { file_id: fileId, access_token: 'picker-token' });
    expect(res.status).toBe(200);
    const held = await res.json();
    expect(held).toMatchObject({ token: expect.any(String), file_name: name, size: png.length });
    expect(Date.parse(held.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    const conv = await redeem(client, held.token);
    expect(conv.status).toBe(201);
    const conversion = await conv.json();
    expect(conversion).toMatchObject({
      original_file_name: name,
      original_format: 'png',
      target_format: 'webp',
      status: 'pending',
    });
    expect(await runConversion(BigInt(conversion.id))).toBe('completed');
  });

  it('a token works once, only for its account, and not after it expires; nothing is created otherwise', async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const held = await (
      await download(owner.client, 'google_drive', { file_id: 'once', access_token: 'picker-token' })
    ).json();
    const before = await db.conversion.count();
    expect((await redeem(other.client, held.token)).status).toBe(403);
    expect((await redeem(new RouteClient(), held.token)).status).toBe(403);
    expect(await db.conversion.count()).toBe(before);
    expect((await redeem(owner.client, held.token)).status).toBe(201);
    expect((await redeem(owner.client, held.token)).status).toBe(404);

    const late = await (
      await download(owner.client, 'google_drive', { file_id: 'late', access_token: 'picker-token' })
    ).json();
    await db.cloudImport.update({ where: { token: late.token }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const count = await db.conversion.count();
    expect((await redeem(owner.client, late.token)).status).toBe(404);
    expect(await db.conversion.count()).toBe(count);
  });

  it('a refused target_format or a used-up allowance leaves the token and its file for a retry', async () => {
    const { client, id } = await signedUpUser();
    const held = await (
      await download(client, 'google_drive', { file_id: 'retry', access_token: 'picker-token' })
    ).json();
    const files = (await inputFiles()).length;
    const before = await db.conversion.count({ where: { userId: id } });
    for (const [target, code] of [
      ['nope', 'unsupported_format'],
      ['mp3', 'unsupported_conversion'],
    ]) {
      const refused = await redeem(client, held.token, target);
      expect(refused.status).toBe(400);
      expect((await refused.json()).code).toBe(code);
    }
    await withEnv({ PLAN_FREE_DAILY_CONVERSIONS: '0' }, async () => {
      const refused = await redeem(client, held.token);
      expect(refused.status).toBe(429);
      expect((await refused.json()).code).toBe('quota_exceeded');
    });
    expect(await db.conversion.count({ where: { userId: id } })).toBe(before);
    expect((await inputFiles()).length).toBe(files);
    expect(await db.cloudImport.count({ where: { token: held.token } })).toBe(1);
    const conv = await redeem(client, held.token);
    expect(conv.status).toBe(201);
    expect(await runConversion(BigInt((await conv.json()).id))).toBe('completed');
    expect((await redeem(client, held.token)).status).toBe(404);
  });

  it.each([
    ['google_drive', 'big'],
    ['s3', 'scans/big.png'],
  ])("%s: a file over the plan's upload limit → 413, nothing kept", async (provider, fileId) => {
    const { client, id } = await signedUpUser();
    const files = (await inputFiles()).length;
    await withEnv({ PLAN_FREE_MAX_UPLOAD_BYTES: '100000' }, async () => {
      const res = await download(client, provider, { file_id: fileId, access_token: 'picker-token' });
      expect(res.status).toBe(413);
    });
    expect(await db.cloudImport.count({ where: { userId: id } })).toBe(0);
    expect((await inputFiles()).length).toBe(files);
  });

  it('refuses a missing access token (400), an unknown provider (400), a file the provider lacks (404) and a wrong API key (401)', async () => {
    const { client } = await signedUpUser();
    expect((await download(client, 'google_drive', { file_id: 'abc' })).status).toBe(400);
    expect((await download(client, 'box', { file_id: 'abc', access_token: 'picker-token' })).status).toBe(400);
    expect((await download(client, 'google_drive', { file_id: 'missing', access_token: 'picker-token' })).status).toBe(
      404,
    );
    expect((await download(client, 's3', { file_id: 'nope.png' })).status).toBe(404);
    const badKey = new RouteClient({ 'x-api-key': 'tm_nope' });
    expect((await download(badKey, 's3', { file_id: 'scans/page.png' })).status).toBe(401);
  });
});
