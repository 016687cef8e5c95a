import { describe, expect, it } from 'vitest';
import * as invitations from '@/app/api/v1/admin/invitations/route';
import * as register from '@/app/api/v1/auth/register/route';
import { db } from '@/lib/db';
import { signedClientAddressHeaders } from '@/lib/identity/client-address';
import { adminUser, signedUpUser } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import { lastMailTo } from '@/tests/support/mail-outbox';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { joinWith } from '@/tests/support/teams';
import { PASSWORD, randomEmail } from '@/tests/support/test-data';

const ADMIN_ADDRESS = '203.0.113.78';

async function administrator() {
  const admin = await adminUser();
  const client = new RouteClient({
    authorization: `Bearer ${admin.tokens.access_token}`,
    ...signedClientAddressHeaders(ADMIN_ADDRESS),
  });
  return { ...admin, client };
}

const invite = (client: RouteClient, email: string) =>
  client.call(invitations.POST, { method: 'POST', path: '/api/v1/admin/invitations', ...jsonBody({ email }) });

const registerAs = (email: string, invitation?: string) =>
  new RouteClient().call(register.POST, {
    method: 'POST',
    path: '/api/v1/auth/register',
    ...jsonBody({ email, password: PASSWORD, ...(invitation === undefined ? {} : { invitation }) }),
  });

describe("an administrator's invitation to sign up", () => {
  it('is mailed as a sign-up link, audited, and admits its address once where sign-up is by invitation', async () => {
    const admin = await administrator();
    const email = randomEmail('invited');
    const res = await invite(admin.client, email.toUpperCase());
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created).toMatchObject({ email, token: expect.any(String), expires_at: expect.any(String) });
    expect(new URL(created.url).pathname).toBe('/sign-up');
    expect(new URL(created.url).searchParams.get('invitation')).toBe(created.token);
    expect((await lastMailTo(email)).text).toContain(created.url);

    expect(await db.auditEntry.findMany({ where: { targetEmail: email } })).toEqual([
      expect.objectContaining({
        action: 'invitation.create',
        actorId: admin.id,
        actorEmail: admin.email,
        targetId: null,
        origin: ADMIN_ADDRESS,
        details: { invitation: created.id, expires_at: created.expires_at },
      }),
    ]);

    await withEnv({ SIGNUP: 'invite' }, async () => {
      expect((await registerAs(email)).status).toBe(403);
      const other = randomEmail();
      const wrongAddress = await registerAs(other, created.token);
      expect(wrongAddress.status).toBe(403);
      expect((await wrongAddress.json()).error).toMatch(/another e-mail address/);

      const registered = await registerAs(email, created.token);
      expect(registered.status).toBe(200);
      expect(await registered.json()).toMatchObject({ email, email_verified: true });

      // Used up by the sign-up: once the account is gone, the token admits no one again.
      await db.user.delete({ where: { email } });
      const again = await registerAs(email, created.token);
      expect(again.status).toBe(403);
      expect((await again.json()).error).toMatch(/already been used/);
    });
  });

  it('is refused for an address with an account or an open invitation, and joins no team', async () => {
    const admin = await administrator();
    const existing = await signedUpUser();
    const taken = await invite(admin.client, existing.email);
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toMatch(/already exists/);

    const email = randomEmail('invited');
    const { token } = await (await invite(admin.client, email)).json();
    expect((await invite(admin.client, email)).status).toBe(409);

    // Its token is no way into a team.
    const user = await signedUpUser();
    const joined = await joinWith(user, token);
    expect(joined.status).toBe(404);
  });
});
