import { describe, expect, it } from 'vitest';
import { runAdmin, setPlan, verifyEmail } from '@/lib/admin/admin-commands';
import { createSession } from '@/lib/accounts/sessions';
import { db } from '@/lib/db';
import { resolveCaller } from '@/lib/identity/resolve-caller';
import { storage } from '@/lib/storage';
import { signedUpUser } from '@/tests/support/accounts';
import { createPngConversion } from '@/tests/support/png-conversion';
import { randomEmail } from '@/tests/support/test-data';

// The self-hoster's admin command (npm run admin -- …), run through its library entry point.

const newUser = () => db.user.create({ data: { email: randomEmail('admin') } });

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l) }, out, err };
}

/** The audit entries of an account, each checked to be the command line's (actor and origin "cli"). */
async function cliEntries(targetId: string) {
  const entries = await db.auditEntry.findMany({ where: { targetId }, orderBy: { createdAt: 'asc' } });
  for (const e of entries) expect(e).toMatchObject({ actorId: null, actorEmail: 'cli', origin: 'cli' });
  return entries.map((e) => ({ action: e.action, details: e.details }));
}

describe('admin command', () => {
  it("set-plan changes the plan, effective on the account's next request", async () => {
    const user = await newUser();
    const { access_token } = await createSession(user.id);
    const planNow = async () =>
      (await resolveCaller(new Headers({ authorization: `Bearer ${access_token}` }), new Map(), 'bearer')).caller.plan;
    expect(await planNow()).toBe('free');

    const { io, out } = capture();
    // E-mail addresses match whatever their case.
    expect(await runAdmin(['set-plan', user.email.toUpperCase(), 'business'], io)).toBe(0);
    expect(out.join('\n')).toContain(`${user.email}: plan free → business`);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).plan).toBe('business');
    expect(await planNow()).toBe('business');

    expect(await setPlan(user.email, 'free')).toMatchObject({
      previous: 'business',
      plan: 'free',
      stripeManaged: false,
    });
    expect(await planNow()).toBe('free');
    expect(await cliEntries(user.id)).toEqual([
      { action: 'account.update', details: { plan: { from: 'free', to: 'business' } } },
      { action: 'account.update', details: { plan: { from: 'business', to: 'free' } } },
    ]);
  });

  it('verify-email marks the address verified (idempotently)', async () => {
    const user = await newUser();
    const { io, out } = capture();
    expect(await runAdmin(['verify-email', user.email], io)).toBe(0);
    const verifiedAt = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt;
    expect(verifiedAt).toBeInstanceOf(Date);
    expect(out[0]).toContain('verified');
    expect(await verifyEmail(user.email)).toMatchObject({ alreadyVerified: true, verifiedAt });
  });

  it('exits 1 with usage on bad input and on unknown e-mail addresses', async () => {
    const user = await newUser();
    const cases: Array<[string[], RegExp]> = [
      [[], /Usage: npm run admin/],
      [['set-plan', user.email], /Usage: npm run admin/],
      [['set-plan', user.email, 'gold'], /Unknown plan "gold"/],
      [['frobnicate'], /Unknown command "frobnicate"/],
      [['set-plan', 'nobody-here@example.test', 'pro'], /No account with the e-mail address nobody-here@example\.test/],
      [['verify-email', 'nobody-here@example.test'], /No account/],
      [['grant-admin', 'nobody-here@example.test'], /No account/],
      [['disable', 'nobody-here@example.test'], /No account/],
      [['delete', 'nobody-here@example.test'], /No account/],
      [['disable'], /Usage: npm run admin/],
      [['accounts', 'a', 'b'], /Usage: npm run admin/],
    ];
    for (const [args, message] of cases) {
      const { io, err } = capture();
      expect(await runAdmin(args, io), args.join(' ')).toBe(1);
      expect(err.join('\n')).toMatch(message);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).plan).toBe('free');
  });

  it('grant-admin and revoke-admin change the role, audited', async () => {
    const user = await newUser();
    const { io, out } = capture();
    expect(await runAdmin(['grant-admin', user.email], io)).toBe(0);
    expect(await runAdmin(['grant-admin', user.email], io)).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('admin');
    expect(await runAdmin(['revoke-admin', user.email], io)).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('user');
    expect(out).toEqual([
      `${user.email}: role user → admin`,
      `${user.email} is already an administrator`,
      `${user.email}: role admin → user`,
    ]);
    // Nothing changed the second time: no entry for it.
    expect(await cliEntries(user.id)).toEqual([
      { action: 'account.update', details: { role: { from: 'user', to: 'admin' } } },
      { action: 'account.update', details: { role: { from: 'admin', to: 'user' } } },
    ]);
  });

  it("disable answers 401 to the account's session at once; enable lets it back", async () => {
    const user = await newUser();
    const { access_token } = await createSession(user.id);
    const status = () =>
      resolveCaller(new Headers({ authorization: `Bearer ${access_token}` }), new Map(), 'bearer').then(
        () => 200,
        (e: { status: number }) => e.status,
      );
    const { io } = capture();
    expect(await runAdmin(['disable', user.email], io)).toBe(0);
    expect(await status()).toBe(401);
    expect(await runAdmin(['enable', user.email], io)).toBe(0);
    expect(await status()).toBe(200);
    expect(await cliEntries(user.id)).toEqual([
      { action: 'account.update', details: { disabled: { from: false, to: true } } },
      { action: 'account.update', details: { disabled: { from: true, to: false } } },
    ]);
  });

  it('delete removes the account with its conversions and their files, audited', async () => {
    const user = await signedUpUser();
    const conversion = await createPngConversion(user.client);
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(conversion.id) } });
    const { io, out } = capture();
    expect(await runAdmin(['delete', user.email], io)).toBe(0);
    expect(out[0]).toBe(`${user.email}: deleted, with 1 conversion(s) and 0 upload(s) and their files`);
    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await db.conversion.count({ where: { id: row.id } })).toBe(0);
    expect(await storage().size(row.inputKey)).toBeNull();
    expect(await cliEntries(user.id)).toEqual([
      {
        action: 'account.delete',
        details: { plan: 'free', role: 'user', conversions: 1, uploads: 0, cloud_imports: 0 },
      },
    ]);
  });

  it('accounts lists the accounts whose e-mail address or name contains the query', async () => {
    const tag = randomEmail('list').split('@')[0];
    const a = await db.user.create({ data: { email: `${tag}-a@example.test`, plan: 'pro', role: 'admin' } });
    const b = await db.user.create({ data: { email: randomEmail(), name: `Named ${tag.toUpperCase()}` } });
    const { io, out } = capture();
    expect(await runAdmin(['accounts', tag], io)).toBe(0);
    expect(out).toEqual([
      `${b.email}\tfree\t${b.createdAt.toISOString().slice(0, 10)}\tunverified`,
      `${a.email}\tpro\t${a.createdAt.toISOString().slice(0, 10)}\tadmin, unverified`,
      '2 accounts',
    ]);
  });
});
