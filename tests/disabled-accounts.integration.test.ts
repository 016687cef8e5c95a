import { describe, expect, it } from 'vitest';
import * as profile from '@/app/api/v1/user/profile/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as refresh from '@/app/api/v1/auth/refresh/route';
import * as token from '@/app/api/v1/auth/token/route';
import { nextAuthOptions } from '@/lib/auth/next-auth-options';
import { signInErrorMessage } from '@/components/account/auth-errors';
import { db } from '@/lib/db';
import { apiKeyClientOf, browserFor, signedUpUser } from '@/tests/support/accounts';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { PASSWORD } from '@/tests/support/test-data';

const ACCOUNT_DISABLED = 'This account is disabled. Ask the administrator of this service.';

const setDisabled = (id: string, disabled: boolean) =>
  db.user.update({ where: { id }, data: { disabledAt: disabled ? new Date() : null } });

const profileStatus = async (client: RouteClient) =>
  (await client.call(profile.GET, { path: '/api/v1/user/profile' })).status;

// API keys are for the conversion endpoints (the profile takes sessions only): a key that is let in
// is told the conversion does not exist, a refused one is a 401.
const NO_SUCH_CONVERSION = '999999999';
const keyStatus = async (client: RouteClient) =>
  (
    await client.call(status.GET, {
      path: `/api/v1/convert/status/${NO_SUCH_CONVERSION}`,
      params: { id: NO_SUCH_CONVERSION },
    })
  ).status;

const signIn = (email: string, password = PASSWORD) =>
  new RouteClient().call(token.POST, { method: 'POST', path: '/api/v1/auth/token', ...jsonBody({ email, password }) });

const refreshWith = (refreshToken: string) =>
  new RouteClient().call(refresh.POST, {
    method: 'POST',
    path: '/api/v1/auth/refresh',
    ...jsonBody({ refresh_token: refreshToken }),
  });

/** The browser sign-in's own check (next-auth's credentials provider), as next-auth calls it. */
async function browserSignIn(email: string, password = PASSWORD) {
  const provider = nextAuthOptions().providers.find((p) => p.id === 'credentials') as unknown as {
    options: { authorize: (credentials: Record<string, string>, request: unknown) => Promise<unknown> };
  };
  return provider.options.authorize({ email, password }, {});
}

describe('a disabled account', () => {
  it('has its session token, browser cookie and API keys answer 401 on the next request, until it is enabled', async () => {
    const user = await signedUpUser('starter');
    const [session, cookie, apiKey] = [user.client, await browserFor(user.id), await apiKeyClientOf(user)];
    const statuses = async () => [await profileStatus(session), await profileStatus(cookie), await keyStatus(apiKey)];
    expect(await statuses()).toEqual([200, 200, 404]);

    await setDisabled(user.id, true);
    expect(await statuses()).toEqual([401, 401, 401]);

    await setDisabled(user.id, false);
    expect(await statuses()).toEqual([200, 200, 404]);
  });

  it('has its refresh token refused, and working again once enabled', async () => {
    const user = await signedUpUser();
    await setDisabled(user.id, true);
    const refused = await refreshWith(user.tokens.refresh_token);
    expect(refused.status).toBe(401);
    await setDisabled(user.id, false);
    const swapped = await refreshWith(user.tokens.refresh_token);
    expect(swapped.status).toBe(200);
    const fresh = new RouteClient({ authorization: `Bearer ${(await swapped.json()).access_token}` });
    expect(await profileStatus(fresh)).toBe(200);
  });

  it('is told so at password sign-in (API and browser), only once the password is right', async () => {
    const user = await signedUpUser();
    await setDisabled(user.id, true);

    const refused = await signIn(user.email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: ACCOUNT_DISABLED, code: 'account_disabled' });
    expect((await signIn(user.email, 'a wrong password')).status).toBe(401);

    const browserError = await browserSignIn(user.email).catch((e: Error) => e);
    expect(browserError).toBeInstanceOf(Error);
    expect(signInErrorMessage((browserError as Error).message)).toBe(ACCOUNT_DISABLED);
    expect(await browserSignIn(user.email, 'a wrong password')).toBeNull();

    await setDisabled(user.id, false);
    expect((await signIn(user.email)).status).toBe(200);
    expect(await browserSignIn(user.email)).toMatchObject({ id: user.id });
  });
});
