import { describe, expect, it } from 'vitest';
import * as apiKeys from '@/app/api/v1/api-keys/route';
import * as profile from '@/app/api/v1/user/profile/route';
import * as resend from '@/app/api/v1/auth/verify-email/resend/route';
import * as resetConfirm from '@/app/api/v1/auth/password-reset/confirm/route';
import * as reset from '@/app/api/v1/auth/password-reset/route';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { browserFor, signedUpUser } from '@/tests/support/accounts';
import { lastMailTo, tokenFromMail } from '@/tests/support/mail-outbox';

describe('browser sessions (next-auth cookie)', () => {
  it('count as a session on bearer endpoints, with a same-origin check on changes', async () => {
    const user = await signedUpUser('starter');
    const browser = await browserFor(user.id);
    expect((await browser.call(profile.GET, { path: '/api/v1/user/profile' })).status).toBe(200);
    const crossSite = await browser.call(apiKeys.POST, {
      method: 'POST',
      path: '/api/v1/api-keys',
      ...jsonBody({ name: 'x' }, { origin: 'https://evil.example' }),
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await browser.call(apiKeys.POST, {
      method: 'POST',
      path: '/api/v1/api-keys',
      ...jsonBody({ name: 'x' }, { origin: 'http://localhost:3000' }),
    });
    expect(sameSite.status).toBe(200);
    const forged = new RouteClient({ cookie: 'next-auth.session-token=forged.value.here' });
    expect((await forged.call(profile.GET, { path: '/api/v1/user/profile' })).status).toBe(401);
  });

  it('signed in before a password reset stop working; a new sign-in works', async () => {
    const user = await signedUpUser();
    const before = await browserFor(user.id, Date.now() - 1000);
    expect((await before.call(profile.GET, { path: '/api/v1/user/profile' })).status).toBe(200);
    await new RouteClient().call(reset.POST, {
      method: 'POST',
      path: '/api/v1/auth/password-reset',
      ...jsonBody({ email: user.email }),
    });
    const t = tokenFromMail((await lastMailTo(user.email)).text);
    expect(
      (
        await new RouteClient().call(resetConfirm.POST, {
          method: 'POST',
          path: '/api/v1/auth/password-reset/confirm',
          ...jsonBody({ token: t, password: 'fresh password 42' }),
        })
      ).status,
    ).toBe(200);
    expect((await before.call(profile.GET, { path: '/api/v1/user/profile' })).status).toBe(401);
    const after = await browserFor(user.id, Date.now() + 1);
    expect((await after.call(profile.GET, { path: '/api/v1/user/profile' })).status).toBe(200);
  });
});

describe('resend verification', () => {
  it('mails a new link until the address is verified', async () => {
    const user = await signedUpUser();
    const first = tokenFromMail((await lastMailTo(user.email)).text);
    const res = await user.client.call(resend.POST, { method: 'POST', path: '/api/v1/auth/verify-email/resend' });
    expect(res.status).toBe(200);
    const second = tokenFromMail((await lastMailTo(user.email)).text);
    expect(second).not.toBe(first);
  });
});
