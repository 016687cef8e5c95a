import { describe, expect, it } from 'vitest';
import { runAdmin, setPlan, verifyEmail } from '@/lib/admin/admin-commands';
import { createSession } from '@/lib/accounts/sessions';
import { db } from '@/lib/db';
import { resolveCaller } from '@/lib/identity/resolve-caller';
import { randomEmail } from '@/tests/support/test-data';

// The self-hoster's admin command (npm run admin -- …), run through its library entry point.

const newUser = () => db.user.create({ data: { email: randomEmail('admin') } });

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l) }, out, err };
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
    ];
    for (const [args, message] of cases) {
      const { io, err } = capture();
      expect(await runAdmin(args, io), args.join(' ')).toBe(1);
      expect(err.join('\n')).toMatch(message);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).plan).toBe('free');
  });
});
