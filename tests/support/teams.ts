// Team calls through the route handlers, for the team integration tests.
import { expect } from 'vitest';
import * as team from '@/app/api/v1/team/route';
import * as invites from '@/app/api/v1/team/invites/route';
import * as invite from '@/app/api/v1/team/invites/[id]/route';
import * as join from '@/app/api/v1/team/join/route';
import * as member from '@/app/api/v1/team/members/[id]/route';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as subscription from '@/app/api/v1/subscriptions/me/route';
import type { Plan } from '@/lib/generated/prisma/enums';
import { signedUpUser, verifiedUser } from '@/tests/support/accounts';
import { jsonBody, type RouteClient, uploadForm } from '@/tests/support/route-client';

export type User = Awaited<ReturnType<typeof signedUpUser>>;

export const createTeam = (u: User, name = 'Design') =>
  u.client.call(team.POST, { method: 'POST', path: '/api/v1/team', ...jsonBody({ name }) });
export const getTeam = (u: User) => u.client.call(team.GET, { path: '/api/v1/team' });
export const inviteTo = (u: User, email: string) =>
  u.client.call(invites.POST, { method: 'POST', path: '/api/v1/team/invites', ...jsonBody({ email }) });
export const withdraw = (u: User, id: string) =>
  u.client.call(invite.DELETE, { method: 'DELETE', path: `/api/v1/team/invites/${id}`, params: { id } });
export const joinWith = (u: User, token: string) =>
  u.client.call(join.POST, { method: 'POST', path: '/api/v1/team/join', ...jsonBody({ token }) });
export const remove = (u: User, id: string) =>
  u.client.call(member.DELETE, { method: 'DELETE', path: `/api/v1/team/members/${id}`, params: { id } });
export const planOf = async (u: User) =>
  (await (await u.client.call(subscription.GET, { path: '/api/v1/subscriptions/me' })).json()).plan;
export const convert = (client: RouteClient, png: Buffer) =>
  client.call(upload.POST, { method: 'POST', path: '/api/v1/convert/upload', body: uploadForm(png, 'a.png', 'webp') });

export async function codeOf(res: Response) {
  return { status: res.status, code: (await res.json()).code };
}

/** An owner on `plan` with a team, and `n` accounts who joined it. */
export async function teamWith(n: number, plan: Plan = 'pro') {
  const owner = await signedUpUser(plan);
  expect((await createTeam(owner)).status).toBe(200);
  const members: User[] = [];
  for (let i = 0; i < n; i++) {
    const m = await verifiedUser();
    const inv = await (await inviteTo(owner, m.email)).json();
    expect((await joinWith(m, inv.token)).status).toBe(200);
    members.push(m);
  }
  return { owner, members };
}
