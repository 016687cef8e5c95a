import { describe, expect, it } from 'vitest';
import * as register from '@/app/api/v1/auth/register/route';
import * as sessionToken from '@/app/api/v1/auth/token/route';
import { db } from '@/lib/db';
import { withEnv } from '@/tests/support/env';
import { lastMailTo } from '@/tests/support/mail-outbox';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { inviteTo, joinWith, teamWith, withdraw, type User } from '@/tests/support/teams';
import { PASSWORD, randomEmail } from '@/tests/support/test-data';

const registerAs = (email: string, invitation?: string) =>
  new RouteClient().call(register.POST, {
    method: 'POST',
    path: '/api/v1/auth/register',
    ...jsonBody({ email, password: PASSWORD, ...(invitation === undefined ? {} : { invitation }) }),
  });

/** The registered account `email`, signed in. */
async function signedIn(email: string): Promise<User> {
  const res = await new RouteClient().call(sessionToken.POST, {
    method: 'POST',
    path: '/api/v1/auth/token',
    ...jsonBody({ email, password: PASSWORD }),
  });
  const tokens = await res.json();
  const { id } = await db.user.findUniqueOrThrow({ where: { email } });
  return { email, id, tokens, client: new RouteClient({ authorization: `Bearer ${tokens.access_token}` }) };
}

/** A 403 whose reason matches `reason`, and no account made for `email`. */
async function expectRefused(res: Response, email: string, reason: RegExp) {
  expect(res.status).toBe(403);
  expect((await res.json()).error).toMatch(reason);
  expect(await db.user.count({ where: { email: email.toLowerCase() } })).toBe(0);
}

/** An open team invitation to a fresh address: the owner, its id and its token. */
async function invitation(email = randomEmail()) {
  const { owner } = await teamWith(0);
  const inv = await (await inviteTo(owner, email)).json();
  return { owner, email, id: inv.id as string, token: inv.token as string };
}

describe('who may sign up (SIGNUP)', () => {
  it('open, the default: anyone registers', async () => {
    await withEnv({ SIGNUP: undefined }, async () => {
      expect((await registerAs(randomEmail())).status).toBe(200);
    });
  });

  it('closed: every registration is refused with the reason, and no account is made', async () => {
    const { email: invited, token } = await invitation();
    await withEnv({ SIGNUP: 'closed' }, async () => {
      const email = randomEmail();
      await expectRefused(await registerAs(email), email, /Sign-up is closed on this server/);
      await expectRefused(await registerAs(invited, token), invited, /Sign-up is closed/);
    });
  });

  it('domains: only addresses at SIGNUP_DOMAINS, the refusal naming them', async () => {
    await withEnv({ SIGNUP: 'domains', SIGNUP_DOMAINS: 'example.com, Example.ORG' }, async () => {
      const inside = `${randomEmail().split('@')[0]}@EXAMPLE.org`;
      const res = await registerAs(inside);
      expect(res.status).toBe(200);
      expect((await res.json()).email_verified).toBe(false);
      for (const outside of [
        `${randomEmail().split('@')[0]}@other.test`,
        `${randomEmail().split('@')[0]}@sub.example.com`,
        `${randomEmail().split('@')[0]}@example.com.evil.test`,
      ]) {
        await expectRefused(await registerAs(outside), outside, /example\.com or example\.org/);
      }
    });
  });

  it('invite: the invited address with its token registers already verified; the team is still joined as before', async () => {
    const { owner, email, token } = await invitation();
    await withEnv({ SIGNUP: 'invite' }, async () => {
      const res = await registerAs(email.toUpperCase(), token);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ email, email_verified: true });
      const user = await db.user.findUniqueOrThrow({ where: { email } });
      expect(user.emailVerifiedAt).not.toBeNull();
      // no verification link: the invitation mailed to the address proved it
      expect((await lastMailTo(email)).subject).not.toMatch(/Confirm your e-mail/);
      expect((await joinWith(await signedIn(email), token)).status).toBe(200);
      expect(await db.teamMember.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
        teamId: (await db.teamMember.findUniqueOrThrow({ where: { userId: owner.id } })).teamId,
      });
    });
  });

  it('invite: no token, an unknown one, another address, a used or withdrawn invitation are refused', async () => {
    // the teams are made while anyone may sign up
    const { email, token } = await invitation();
    const withdrawn = await invitation();
    expect((await withdraw(withdrawn.owner, withdrawn.id)).status).toBe(200);
    await withEnv({ SIGNUP: 'invite' }, async () => {
      const nobody = randomEmail();
      await expectRefused(await registerAs(nobody), nobody, /needs an invitation/);
      await expectRefused(await registerAs(nobody, 'not-a-token'), nobody, /not known.*needs a valid invitation/);

      const other = randomEmail();
      await expectRefused(await registerAs(other, token), other, /for another e-mail address/);
      await expectRefused(await registerAs(withdrawn.email, withdrawn.token), withdrawn.email, /withdrawn/);

      // used: the rule is decided before the address is looked up, so the used token is the reason given
      expect((await registerAs(email, token)).status).toBe(200);
      expect((await joinWith(await signedIn(email), token)).status).toBe(200);
      const again = await registerAs(email, token);
      expect(again.status).toBe(403);
      expect((await again.json()).error).toMatch(/already been used/);
      expect(await db.user.count({ where: { email } })).toBe(1);
    });
  });
});
