import { describe, expect, it } from 'vitest';
import * as convert from '@/app/api/v1/convert/route';
import * as connect from '@/app/api/v1/cloud/[provider]/connect/route';
import * as passwordReset from '@/app/api/v1/auth/password-reset/route';
import { signedUpUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import { makePng } from '@/tests/support/fixtures';
import { lastMailTo } from '@/tests/support/mail-outbox';
import { jsonBody, RouteClient } from '@/tests/support/route-client';

// Every absolute URL the service hands out (the one-request convert's 202 Location, the OAuth
// redirect_uri, mailed links) is built from PUBLIC_URL, or http://localhost:PORT without it; never
// from a request's Host or X-Forwarded-Host, which the client (an attacker priming a victim's mail
// or OAuth grant) chooses. Any Host is still answered.

const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

async function handedOut(client: RouteClient) {
  const body = new FormData();
  body.append('target_format', 'webp');
  body.append('file', new Blob([new Uint8Array(await makePng())]), 'a.png');
  // No worker runs in this file: with wait=0 the conversion is still pending, so the answer is 202.
  const converted = await client.call(convert.POST, {
    method: 'POST',
    path: '/api/v1/convert?wait=0',
    body,
    headers: forged,
  });
  expect(converted.status).toBe(202);
  const location = converted.headers.get('location')!;

  const connecting = await client.call(connect.POST, {
    method: 'POST',
    path: '/api/v1/cloud/google_drive/connect',
    params: { provider: 'google_drive' },
    headers: forged,
  });
  expect(connecting.status).toBe(200);
  const redirectUri = new URL((await connecting.json()).authorize_url).searchParams.get('redirect_uri')!;
  return { location, redirectUri, id: converted.headers.get('x-conversion-id')! };
}

async function resetLink(email: string) {
  const res = await new RouteClient().call(passwordReset.POST, {
    method: 'POST',
    path: '/api/v1/auth/password-reset',
    ...jsonBody({ email }, forged),
  });
  expect(res.status).toBe(200);
  return /(\S+)\/reset-password\?token=/.exec((await lastMailTo(email)).text)![1];
}

const drive = { GOOGLE_DRIVE_CLIENT_ID: 'drive-client', GOOGLE_DRIVE_CLIENT_SECRET: 'drive-secret' };

describe('absolute URLs handed out', () => {
  it.each([
    ['without PUBLIC_URL', { PUBLIC_URL: undefined, PORT: undefined, TRUST_PROXY: undefined }, 'http://localhost:3000'],
    [
      'without PUBLIC_URL, behind a trusted proxy',
      { PUBLIC_URL: undefined, TRUST_PROXY: 'true' },
      'http://localhost:3000',
    ],
    ['without PUBLIC_URL, on another port', { PUBLIC_URL: undefined, PORT: '4123' }, 'http://localhost:4123'],
    ['with PUBLIC_URL', { PUBLIC_URL: 'https://convert.example.com/' }, 'https://convert.example.com'],
  ])('%s: come from the configuration, not the Host or X-Forwarded-Host header', async (_, env, origin) => {
    await withEnv({ ...drive, ...env }, async () => {
      const user = await signedUpUser();
      const { location, redirectUri, id } = await handedOut(user.client);
      expect(location).toBe(`${origin}/api/v1/convert/status/${id}`);
      expect(redirectUri).toBe(`${origin}/api/v1/cloud/google_drive/callback`);
      expect(await resetLink(user.email)).toBe(origin);
    });
  });
});
