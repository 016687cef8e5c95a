import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as register from '@/app/api/v1/auth/register/route';
import * as token from '@/app/api/v1/auth/token/route';
import { db } from '@/lib/db';
import type { Plan } from '@/lib/generated/prisma/enums';
import { RouteClient } from '@/tests/support/route-client';

export const randomEmail = () => `user-${randomBytes(6).toString('hex')}@example.test`;
export const PASSWORD = 'correct horse battery';

/** Registers through the API, optionally moves the account to a plan, and signs in. */
export async function signedUpUser(plan: Plan = 'free') {
  const email = randomEmail();
  const anon = new RouteClient();
  const res = await anon.call(register.POST, { method: 'POST', path: '/api/v1/auth/register', body: JSON.stringify({ email, password: PASSWORD }), headers: { 'content-type': 'application/json' } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const profile = await res.json();
  if (plan !== 'free') await db.user.update({ where: { id: profile.id }, data: { plan } });
  const tokens = await (await anon.call(token.POST, { method: 'POST', path: '/api/v1/auth/token', body: JSON.stringify({ email, password: PASSWORD }), headers: { 'content-type': 'application/json' } })).json();
  return { email, id: profile.id as string, tokens, client: new RouteClient({ authorization: `Bearer ${tokens.access_token}` }) };
}

export const jsonBody = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

/** The newest mail written to MAIL_OUTBOX_DIR for `to`. */
export async function lastMailTo(to: string): Promise<{ subject: string; text: string }> {
  const dir = process.env.MAIL_OUTBOX_DIR!;
  const files = (await readdir(dir)).sort().reverse();
  for (const f of files) {
    const mail = JSON.parse(await readFile(path.join(dir, f), 'utf8'));
    if (mail.to === to) return mail;
  }
  throw new Error(`no mail to ${to}`);
}

export const tokenFromMail = (text: string) => /token=([\w-]+)/.exec(text)?.[1] ?? '';
