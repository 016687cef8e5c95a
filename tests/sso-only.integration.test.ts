import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@/lib/accounts/password';
import { db } from '@/lib/db';
import type { TestProvider } from '@/tests/support/oidc-provider';
import { SsoBrowser } from '@/tests/support/sso-browser';
import {
  expectNoSession,
  person,
  type SsoServer,
  type SsoStand,
  startSsoStand,
  stopSsoStand,
  usersAt,
} from '@/tests/support/sso-server';
import { PASSWORD, randomEmail } from '@/tests/support/test-data';

// A server whose only way in is its OpenID provider (SSO_ONLY), with sign-up closed: passwords are
// refused at every door, a new person gets no account, a linked one signs in.

describe('SSO_ONLY with sign-up closed', () => {
  let stand: SsoStand | undefined;
  let provider: TestProvider;
  let server: SsoServer;

  beforeAll(async () => {
    stand = await startSsoStand({ SSO_ONLY: 'true', SIGNUP: 'closed' });
    ({ provider, server } = stand);
  }, 180_000);

  afterAll(() => stopSsoStand(stand));

  it('has no password sign-in: not at next-auth, not in the API, not on the pages', async () => {
    const providers = (await (await fetch(`${server.url}/api/auth/providers`)).json()) as Record<string, unknown>;
    expect(Object.keys(providers)).toEqual(['oidc']);

    const email = randomEmail('sso-only');
    await db.user.create({ data: { email, passwordHash: await hashPassword(PASSWORD) } });
    const post = (route: string, body: unknown) =>
      fetch(`${server.url}/api/v1/auth/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const register = await post('register', { email: randomEmail('sso-only'), password: PASSWORD });
    expect(register.status).toBe(403);
    expect(await register.json()).toMatchObject({ error: expect.stringContaining('through Acme ID') });
    const token = await post('token', { email, password: PASSWORD });
    expect(token.status).toBe(403);
    expect(await token.json()).toMatchObject({ error: expect.stringContaining('through Acme ID') });
    // A password reset would set a password nothing accepts.
    for (const [route, body] of [
      ['password-reset', { email }],
      ['password-reset/confirm', { token: 'a-reset-token', password: PASSWORD }],
    ] as const) {
      const reset = await post(route, body);
      expect(reset.status).toBe(403);
      expect(await reset.json()).toMatchObject({ error: expect.stringContaining('through Acme ID') });
    }

    const signIn = await (await fetch(`${server.url}/sign-in`)).text();
    expect(signIn).toContain('Sign in with Acme ID');
    expect(signIn).not.toContain('data-testid="sign-in-form"');
    expect(signIn).not.toContain('data-testid="sign-up-link"');
    const signUp = await (await fetch(`${server.url}/sign-up`)).text();
    expect(signUp).toContain('Sign in with Acme ID');
    expect(signUp).not.toContain('data-testid="sign-up-form"');
    for (const page of ['/forgot-password', '/reset-password?token=a-reset-token']) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      expect(html).toContain('Passwords are not used here');
      expect(html).toContain('Sign in with Acme ID');
    }
  });

  it('refuses a new account when sign-up is closed, and lets a linked account in', async () => {
    const email = randomEmail('closed');
    person(provider, { email, email_verified: true });
    const browser = new SsoBrowser(server.url);
    const answer = await browser.signIn();
    expect(answer.location).toBe(`${server.url}/sign-in?error=SsoSignupRefused`);
    await expectNoSession(browser);
    expect(await usersAt(email)).toBe(0);
    expect((await browser.request(answer.location!)).body).toContain('Sign-up is closed on this server');

    const linkedEmail = randomEmail('linked');
    const sub = person(provider, { email: linkedEmail, email_verified: true });
    const user = await db.user.create({
      data: {
        email: linkedEmail,
        emailVerifiedAt: new Date(),
        ssoIdentities: { create: { provider: 'oidc', subject: sub } },
      },
    });
    const member = new SsoBrowser(server.url);
    expect((await member.signIn()).location).toBe(`${server.url}/dashboard`);
    expect((await member.profile()).body).toMatchObject({ id: user.id });
  });
});
