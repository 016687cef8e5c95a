import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as invitations from '@/app/api/v1/admin/invitations/route';
import { SSO_INVITATION_COOKIE } from '@/lib/auth/sso-invitation-cookie';
import { db } from '@/lib/db';
import { adminUser } from '@/tests/support/accounts';
import type { TestProvider } from '@/tests/support/oidc-provider';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
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
import { randomEmail } from '@/tests/support/test-data';

// Sign-up by invitation only (SIGNUP=invite) admits invited people through SSO as well: the
// "Sign in with …" button carries the invitation to the callback in a cookie (what SsoBrowser sets
// here by hand), and the sign-up rule checks it against the address the provider vouched for.

async function invitationFor(email: string): Promise<string> {
  const admin = await adminUser();
  const client = new RouteClient({ authorization: `Bearer ${admin.tokens.access_token}` });
  const res = await client.call(invitations.POST, {
    method: 'POST',
    path: '/api/v1/admin/invitations',
    ...jsonBody({ email }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('SSO sign-up where sign-up is by invitation', () => {
  let stand: SsoStand | undefined;
  let provider: TestProvider;
  let server: SsoServer;

  beforeAll(async () => {
    stand = await startSsoStand({ SIGNUP: 'invite' });
    ({ provider, server } = stand);
  }, 180_000);

  afterAll(() => stopSsoStand(stand));

  it('offers the provider on the invitation link', async () => {
    const html = await (await fetch(`${server.url}/sign-up?invitation=an-invitation`)).text();
    expect(html).toContain('Sign in with Acme ID');
    expect(html).toContain('data-testid="sign-up-form"');
  });

  it('refuses a new person who brings no invitation, or one for another address', async () => {
    const email = randomEmail('uninvited');
    person(provider, { email, email_verified: true });
    const bare = new SsoBrowser(server.url);
    expect((await bare.signIn()).location).toBe(`${server.url}/sign-in?error=SsoSignupRefused`);
    await expectNoSession(bare);

    const someoneElses = await invitationFor(randomEmail('someone-else'));
    person(provider, { email, email_verified: true });
    const wrong = new SsoBrowser(server.url);
    wrong.cookies.set(SSO_INVITATION_COOKIE, encodeURIComponent(someoneElses));
    expect((await wrong.signIn()).location).toBe(`${server.url}/sign-in?error=SsoSignupRefused`);
    await expectNoSession(wrong);
    expect(await usersAt(email)).toBe(0);
  });

  it('admits the invited address once, and uses the invitation up', async () => {
    const email = randomEmail('invited');
    const token = await invitationFor(email);
    person(provider, { email, email_verified: true });
    const browser = new SsoBrowser(server.url);
    browser.cookies.set(SSO_INVITATION_COOKIE, encodeURIComponent(token));
    expect((await browser.signIn()).location).toBe(`${server.url}/dashboard`);
    expect((await browser.profile()).body).toMatchObject({ email, email_verified: true });
    // The callback forgets the invitation once it has been handed over.
    expect(browser.cookies.has(SSO_INVITATION_COOKIE)).toBe(false);
    const invitation = await db.teamInvitation.findFirstOrThrow({ where: { email, teamId: null } });
    expect(invitation.acceptedAt).not.toBeNull();

    // A used invitation admits no one.
    const second = randomEmail('invited-again');
    const again = await invitationFor(second);
    await db.teamInvitation.updateMany({ where: { email: second }, data: { acceptedAt: new Date() } });
    person(provider, { email: second, email_verified: true });
    const late = new SsoBrowser(server.url);
    late.cookies.set(SSO_INVITATION_COOKIE, encodeURIComponent(again));
    expect((await late.signIn()).location).toBe(`${server.url}/sign-in?error=SsoSignupRefused`);
    expect(await usersAt(second)).toBe(0);
  });
});
