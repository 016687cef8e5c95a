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

// Single sign-on end to end: the real web server signs people in through a real OpenID provider on
// loopback (tests/support/oidc-provider.ts, tests/support/sso-server.ts). Every refusal leaves no
// session and no new account.

const errorOf = (location: string | null) => new URL(location ?? 'http://x/').searchParams.get('error');

describe('sign-in through an OpenID provider', () => {
  let stand: SsoStand | undefined;
  let provider: TestProvider;
  let server: SsoServer;

  beforeAll(async () => {
    stand = await startSsoStand({
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_ADMIN_GROUPS: 'transmute-admins',
      OIDC_PLAN_GROUPS: 'pro:transmute-pro,business:transmute-biz',
      SIGNUP: 'open',
    });
    ({ provider, server } = stand);
  }, 180_000);

  afterAll(() => stopSsoStand(stand));

  it('lists the provider as `oidc` under its name, beside passwords', async () => {
    const providers = (await (await fetch(`${server.url}/api/auth/providers`)).json()) as Record<string, unknown>;
    expect(providers.oidc).toMatchObject({ id: 'oidc', name: 'Acme ID', type: 'oauth' });
    expect(providers.oidc).toMatchObject({ callbackUrl: `${server.url}/api/auth/callback/oidc` });
    expect(providers.credentials).toBeDefined();
  });

  it('creates a verified Free account at the first sign-in, and the session works on the API', async () => {
    const email = randomEmail('sso');
    const sub = person(provider, { email, email_verified: true, name: 'Ada SSO' });
    const browser = new SsoBrowser(server.url);
    const answer = await browser.signIn();
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${server.url}/dashboard`);
    const profile = await browser.profile();
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email, plan: 'free', email_verified: true, name: 'Ada SSO' });
    const identity = await db.ssoIdentity.findUniqueOrThrow({
      where: { provider_subject: { provider: 'oidc', subject: sub } },
      include: { user: { omit: { passwordHash: false } } },
    });
    expect(identity.user).toMatchObject({ email, passwordHash: null, role: 'user', plan: 'free' });

    // Later sign-ins find the identity by its subject, even after the address changed at the provider.
    provider.people.set(sub, { email: randomEmail('renamed'), email_verified: true });
    provider.signInAs(sub);
    const again = new SsoBrowser(server.url);
    expect((await again.signIn()).location).toBe(`${server.url}/dashboard`);
    expect((await again.profile()).body).toMatchObject({ id: identity.userId, email });
  });

  it('refuses an address the provider has not verified, with a message on the sign-in page', async () => {
    const email = randomEmail('unverified');
    person(provider, { email, email_verified: false });
    const browser = new SsoBrowser(server.url);
    const answer = await browser.signIn();
    expect(answer.location).toBe(`${server.url}/sign-in?error=SsoUnverifiedEmail`);
    await expectNoSession(browser);
    expect(await usersAt(email)).toBe(0);
    const page = await browser.request(answer.location!);
    expect(page.body).toContain('Acme ID has not verified the e-mail address of your account there');
  });

  it('refuses a callback whose state is not the one it sent', async () => {
    const email = randomEmail('state');
    person(provider, { email, email_verified: true });
    const browser = new SsoBrowser(server.url);
    const callback = new URL(await browser.toProviderAndBack());
    // The request carried a state, a nonce and a PKCE challenge (S256), and asked for the code flow.
    const asked = Object.fromEntries(browser.authorizationUrl!.searchParams);
    expect(asked).toMatchObject({ response_type: 'code', code_challenge_method: 'S256', client_id: provider.clientId });
    for (const check of ['state', 'nonce', 'code_challenge']) expect(asked[check]?.length).toBeGreaterThan(20);
    expect(callback.searchParams.get('state')).toBe(asked.state);
    callback.searchParams.set('state', 'forged-state');
    const answer = await browser.request(callback.toString());
    expect(answer.location).toContain('error=OAuthCallback');
    await expectNoSession(browser);
    expect(await usersAt(email)).toBe(0);
  });

  it('refuses an authorization code sent a second time', async () => {
    const email = randomEmail('replay');
    person(provider, { email, email_verified: true });
    const browser = new SsoBrowser(server.url);
    const callback = await browser.toProviderAndBack();
    // The replayer holds the same check cookies (state, PKCE verifier, nonce) the first use had.
    const checks = new Map(browser.cookies);
    expect((await browser.request(callback)).location).toBe(`${server.url}/dashboard`);
    const replayer = new SsoBrowser(server.url);
    for (const [name, value] of checks) replayer.cookies.set(name, value);
    const replay = await replayer.request(callback);
    expect(replay.location).toContain('error=OAuthCallback');
    await expectNoSession(replayer);
  });

  for (const kind of ['altered', 'other-key'] as const) {
    it(`refuses an ID token ${kind === 'altered' ? 'altered after signing' : 'signed with another key'}`, async () => {
      // The forger claims an account already linked at the provider: a takeover if the token were believed.
      const victim = person(provider, { email: randomEmail('victim'), email_verified: true });
      expect((await new SsoBrowser(server.url).signIn()).location).toBe(`${server.url}/dashboard`);
      const email = randomEmail('forger');
      person(provider, { email, email_verified: true });
      provider.forgeNextIdToken({ kind, claims: { sub: victim } });
      const browser = new SsoBrowser(server.url);
      const answer = await browser.signIn();
      expect(answer.location).toContain('error=OAuthCallback');
      await expectNoSession(browser);
      expect(await usersAt(email)).toBe(0);
    });
  }

  it('does not take over a password account without its password, and links it with the password', async () => {
    const email = randomEmail('owner');
    const owner = await db.user.create({ data: { email, passwordHash: await hashPassword(PASSWORD) } });
    const sub = person(provider, { email, email_verified: true });
    const browser = new SsoBrowser(server.url);
    const answer = await browser.signIn();
    expect(answer.location).toBe(`${server.url}/sign-in/link`);
    await expectNoSession(browser);
    const page = await browser.request(answer.location!);
    expect(page.body).toContain('enter its password to link your Acme ID sign-in');
    expect(page.body).toContain(email);

    const link = `${server.url}/api/auth/sso-link`;
    const wrong = await browser.request(link, { form: { password: 'not the password' } });
    expect(wrong.location).toBe(`${server.url}/sign-in/link?error=wrong_password`);
    expect((await browser.request(wrong.location!)).body).toContain('Wrong password.');
    // Without this browser's pending link, the right password links nothing either.
    const stranger = await new SsoBrowser(server.url).request(link, { form: { password: PASSWORD } });
    expect(stranger.location).toBe(`${server.url}/sign-in/link?error=link_expired`);
    // Nor does another site posting the form with this browser's cookies.
    const crossSite = await fetch(link, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        cookie: browser.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ password: PASSWORD }),
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
    expect(await db.ssoIdentity.count({ where: { userId: owner.id } })).toBe(0);
    await expectNoSession(browser);

    const right = await browser.request(link, { form: { password: PASSWORD } });
    expect(right.location).toBe(`${server.url}/sign-in/link?linked=1`);
    expect(await db.ssoIdentity.findMany({ where: { userId: owner.id } })).toMatchObject([{ subject: sub }]);
    expect((await browser.signIn()).location).toBe(`${server.url}/dashboard`);
    expect((await browser.profile()).body).toMatchObject({ id: owner.id, email });
  });

  it('refuses a disabled account, found by its identity or by its address', async () => {
    const email = randomEmail('disabled');
    const sub = person(provider, { email, email_verified: true });
    expect((await new SsoBrowser(server.url).signIn()).location).toBe(`${server.url}/dashboard`);
    await db.user.update({ where: { email }, data: { disabledAt: new Date() } });
    provider.signInAs(sub);
    const browser = new SsoBrowser(server.url);
    expect(errorOf((await browser.signIn()).location)).toBe('AccountDisabled');
    await expectNoSession(browser);

    const passwordEmail = randomEmail('disabled-pw');
    await db.user.create({
      data: { email: passwordEmail, passwordHash: await hashPassword(PASSWORD), disabledAt: new Date() },
    });
    person(provider, { email: passwordEmail, email_verified: true });
    const other = new SsoBrowser(server.url);
    expect(errorOf((await other.signIn()).location)).toBe('AccountDisabled');
    await expectNoSession(other);
  });

  it('gives the role and plan of the groups at each sign-in', async () => {
    const email = randomEmail('groups');
    const sub = person(provider, { email, email_verified: true, groups: ['Transmute-Admins', 'transmute-pro'] });
    const browser = new SsoBrowser(server.url);
    expect((await browser.signIn()).location).toBe(`${server.url}/dashboard`);
    expect(await db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ role: 'admin', plan: 'pro' });
    expect((await browser.profile()).body).toMatchObject({ plan: 'pro' });

    provider.people.set(sub, { email, email_verified: true, groups: ['transmute-biz', 'transmute-pro'] });
    provider.signInAs(sub);
    expect((await new SsoBrowser(server.url).signIn()).location).toBe(`${server.url}/dashboard`);
    expect(await db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ role: 'user', plan: 'business' });

    provider.people.set(sub, { email, email_verified: true, groups: [] });
    provider.signInAs(sub);
    expect((await new SsoBrowser(server.url).signIn()).location).toBe(`${server.url}/dashboard`);
    expect(await db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ role: 'user', plan: 'free' });
  });
});
