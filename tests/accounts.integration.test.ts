import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import * as register from '@/app/api/v1/auth/register/route';
import * as token from '@/app/api/v1/auth/token/route';
import * as refresh from '@/app/api/v1/auth/refresh/route';
import * as revoke from '@/app/api/v1/auth/revoke/route';
import * as verify from '@/app/api/v1/auth/verify-email/route';
import * as reset from '@/app/api/v1/auth/password-reset/route';
import * as resetConfirm from '@/app/api/v1/auth/password-reset/confirm/route';
import * as profile from '@/app/api/v1/user/profile/route';
import { db } from '@/lib/db';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { signedUpUser } from '@/tests/support/accounts';
import { lastMailTo, tokenFromMail } from '@/tests/support/mail-outbox';
import { PASSWORD, randomEmail } from '@/tests/support/test-data';

const post = (client: RouteClient, handler: Parameters<RouteClient['call']>[0], path: string, value: unknown) =>
  client.call(handler, { method: 'POST', path, ...jsonBody(value) });
const getProfile = (client: RouteClient) => client.call(profile.GET, { path: '/api/v1/user/profile' });

describe('registration and session tokens', () => {
  it('registers, refuses duplicates and bad input', async () => {
    const email = randomEmail();
    const anon = new RouteClient();
    const res = await post(anon, register.POST, '/api/v1/auth/register', {
      email: email.toUpperCase(),
      password: PASSWORD,
      name: 'Ada',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email, name: 'Ada', plan: 'free', email_verified: false });
    expect((await post(anon, register.POST, '/api/v1/auth/register', { email, password: PASSWORD })).status).toBe(409);
    for (const bad of [
      { email: 'nope', password: PASSWORD },
      { email: randomEmail(), password: 'short' },
      { email: randomEmail(), password: PASSWORD, admin: true },
    ]) {
      const r = await post(anon, register.POST, '/api/v1/auth/register', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(await r.json()).toHaveProperty('error');
    }
    const stored = await db.user.findUniqueOrThrow({ where: { email }, omit: { passwordHash: false } });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain(PASSWORD);
  });

  it('issues a bearer token that opens the profile; wrong passwords and missing tokens get 401', async () => {
    const user = await signedUpUser();
    expect(user.tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const me = await getProfile(user.client);
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(user.email);
    expect(
      (
        await post(new RouteClient(), token.POST, '/api/v1/auth/token', {
          email: user.email,
          password: 'wrong password!',
        })
      ).status,
    ).toBe(401);
    expect(
      (await post(new RouteClient(), token.POST, '/api/v1/auth/token', { email: randomEmail(), password: PASSWORD }))
        .status,
    ).toBe(401);
    expect((await getProfile(new RouteClient())).status).toBe(401);
  });

  it('refuses tampered tokens: alg none, wrong key, expired, garbage', async () => {
    const user = await signedUpUser();
    const [header, payload] = user.tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-server-secret-at-all-000000'));
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    const swapped = `${header}.${forgedPayload}.${user.tokens.access_token.split('.')[2]}`;
    for (const bad of [none, wrongKey, swapped, 'garbage', `${header}.${payload}`]) {
      expect((await getProfile(new RouteClient({ authorization: `Bearer ${bad}` }))).status, bad.slice(0, 30)).toBe(
        401,
      );
    }
  });

  it('refuses an expired token', async () => {
    const user = await signedUpUser();
    const { issueAccessToken } = await import('@/lib/identity/session-token');
    const session = await db.session.findFirstOrThrow({ where: { userId: user.id } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 3600_000); // issued an hour ago, valid 15 minutes
    const old = await issueAccessToken(user.id, session.id).finally(() => vi.useRealTimers());
    expect((await getProfile(new RouteClient({ authorization: `Bearer ${old}` }))).status).toBe(401);
  });

  it('refresh rotates the refresh token; revoke ends the session', async () => {
    const user = await signedUpUser();
    const anon = new RouteClient();
    const next = await post(anon, refresh.POST, '/api/v1/auth/refresh', { refresh_token: user.tokens.refresh_token });
    expect(next.status).toBe(200);
    const pair = await next.json();
    expect(pair.refresh_token).not.toBe(user.tokens.refresh_token);
    const client = new RouteClient({ authorization: `Bearer ${pair.access_token}` });
    expect((await getProfile(client)).status).toBe(200);
    expect((await client.call(revoke.POST, { method: 'POST', path: '/api/v1/auth/revoke' })).status).toBe(200);
    expect((await getProfile(client)).status).toBe(401);
    expect((await getProfile(user.client)).status).toBe(401); // same session
    expect((await post(anon, refresh.POST, '/api/v1/auth/refresh', { refresh_token: pair.refresh_token })).status).toBe(
      401,
    );
  });
  it('a refresh token used twice revokes its whole session, the newer tokens included', async () => {
    const user = await signedUpUser();
    const anon = new RouteClient();
    const first = await post(anon, refresh.POST, '/api/v1/auth/refresh', { refresh_token: user.tokens.refresh_token });
    const pair = await first.json();
    const current = new RouteClient({ authorization: `Bearer ${pair.access_token}` });
    expect((await getProfile(current)).status).toBe(200);
    const reused = await post(anon, refresh.POST, '/api/v1/auth/refresh', { refresh_token: user.tokens.refresh_token });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ code: 'unauthorized' });
    expect((await getProfile(current)).status).toBe(401);
    expect((await getProfile(user.client)).status).toBe(401);
    expect((await post(anon, refresh.POST, '/api/v1/auth/refresh', { refresh_token: pair.refresh_token })).status).toBe(
      401,
    );
  });

  it('an unknown refresh token revokes nothing', async () => {
    const user = await signedUpUser();
    const stranger = await post(new RouteClient(), refresh.POST, '/api/v1/auth/refresh', {
      refresh_token: 'x'.repeat(43),
    });
    expect(stranger.status).toBe(401);
    expect((await getProfile(user.client)).status).toBe(200);
  });
});

describe('e-mail verification and password reset', () => {
  it('verifies the address with the mailed token, once', async () => {
    const user = await signedUpUser();
    const mail = await lastMailTo(user.email);
    expect(mail.subject).toMatch(/Confirm/);
    const t = tokenFromMail(mail.text);
    expect((await post(new RouteClient(), verify.POST, '/api/v1/auth/verify-email', { token: t })).status).toBe(200);
    expect((await (await getProfile(user.client)).json()).email_verified).toBe(true);
    expect((await post(new RouteClient(), verify.POST, '/api/v1/auth/verify-email', { token: t })).status).toBe(400);
  });

  it('resets the password with the mailed token and ends existing sessions', async () => {
    const user = await signedUpUser();
    expect(
      (await post(new RouteClient(), reset.POST, '/api/v1/auth/password-reset', { email: user.email })).status,
    ).toBe(200);
    expect(
      (await post(new RouteClient(), reset.POST, '/api/v1/auth/password-reset', { email: randomEmail() })).status,
    ).toBe(200);
    const t = tokenFromMail((await lastMailTo(user.email)).text);
    expect(
      (
        await post(new RouteClient(), resetConfirm.POST, '/api/v1/auth/password-reset/confirm', {
          token: t,
          password: 'a brand new password',
        })
      ).status,
    ).toBe(200);
    expect((await getProfile(user.client)).status).toBe(401);
    expect(
      (await post(new RouteClient(), token.POST, '/api/v1/auth/token', { email: user.email, password: PASSWORD }))
        .status,
    ).toBe(401);
    expect(
      (
        await post(new RouteClient(), token.POST, '/api/v1/auth/token', {
          email: user.email,
          password: 'a brand new password',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await post(new RouteClient(), resetConfirm.POST, '/api/v1/auth/password-reset/confirm', {
          token: t,
          password: 'another password!',
        })
      ).status,
    ).toBe(400);
  });
});
