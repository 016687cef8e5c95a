import { randomUUID } from 'node:crypto';
import { encode } from 'next-auth/jwt';
import * as apiKeys from '@/app/api/v1/api-keys/route';
import * as register from '@/app/api/v1/auth/register/route';
import * as token from '@/app/api/v1/auth/token/route';
import * as verifyEmail from '@/app/api/v1/auth/verify-email/route';
import { db } from '@/lib/db';
import { nextAuthSecret } from '@/lib/identity/browser-session';
import type { Plan } from '@/lib/generated/prisma/enums';
import type { Caller } from '@/lib/identity/caller';
import { jsonBody, RouteClient } from '@/tests/support/route-client';
import { lastMailTo, tokenFromMail } from '@/tests/support/mail-outbox';
import { PASSWORD, randomEmail } from '@/tests/support/test-data';

/** Registers through the API, optionally moves the account to a plan, and signs in. */
export async function signedUpUser(plan: Plan = 'free', email = randomEmail()) {
  const anon = new RouteClient();
  const credentials = jsonBody({ email, password: PASSWORD });
  const res = await anon.call(register.POST, { method: 'POST', path: '/api/v1/auth/register', ...credentials });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const profile = await res.json();
  if (plan !== 'free') await db.user.update({ where: { id: profile.id }, data: { plan } });
  const tokens = await (
    await anon.call(token.POST, { method: 'POST', path: '/api/v1/auth/token', ...credentials })
  ).json();
  return {
    email,
    id: profile.id as string,
    tokens,
    client: new RouteClient({ authorization: `Bearer ${tokens.access_token}` }),
  };
}

/** As signedUpUser, with the address verified through the mailed link (what joining a team needs). */
export async function verifiedUser(plan: Plan = 'free') {
  const user = await signedUpUser(plan);
  await verifyAddress(user.email);
  return user;
}

/** Follows the verification link last mailed to `email`. */
export async function verifyAddress(email: string) {
  const body = jsonBody({ token: tokenFromMail((await lastMailTo(email)).text) });
  const res = await new RouteClient().call(verifyEmail.POST, {
    method: 'POST',
    path: '/api/v1/auth/verify-email',
    ...body,
  });
  if (res.status !== 200) throw new Error(`verify-email failed: ${res.status} ${await res.text()}`);
}

/** A browser signed in through next-auth: its session cookie, as next-auth would issue it. */
export async function browserFor(userId: string, authAt = Date.now()) {
  const cookie = await encode({ token: { sub: userId, authAt }, secret: nextAuthSecret() });
  return new RouteClient({ cookie: `next-auth.session-token=${cookie}`, host: 'localhost:3000' });
}

/** A client calling with a new API key of `user` (whose plan must allow keys). */
export async function apiKeyClientOf(user: { client: RouteClient }) {
  const res = await user.client.call(apiKeys.POST, {
    method: 'POST',
    path: '/api/v1/api-keys',
    ...jsonBody({ name: 'test key' }),
  });
  if (res.status !== 200) throw new Error(`creating an API key failed: ${res.status} ${await res.text()}`);
  const { secret } = (await res.json()) as { secret: string };
  return new RouteClient({ 'x-api-key': secret });
}

/** As signedUpUser, with the admin role. */
export async function adminUser(plan: Plan = 'starter') {
  const user = await signedUpUser(plan);
  await db.user.update({ where: { id: user.id }, data: { role: 'admin' } });
  return user;
}

/** A guest of its own: a fresh guest id and client address, so its allowance and turns are its alone. */
export const guestCaller = ({ viaCookie = false } = {}): Caller => ({
  kind: 'guest',
  userId: null,
  guestId: randomUUID(),
  plan: 'free',
  viaCookie,
  clientAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID()}`,
});
