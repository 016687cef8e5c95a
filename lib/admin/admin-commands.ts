import { db } from '@/lib/db';
import type { Plan } from '@/lib/generated/prisma/enums';
import { normalizeEmail } from '@/lib/accounts/register-user';
import { PLANS } from '@/lib/plans';
import { errorBrand } from '@/lib/errors';

// Administration for self-hosters (scripts/admin.ts): plans without Stripe, verification without mail.

class AdminError extends Error {
  constructor(message: string) {
    super(message);
    adminErrorBrand.mark(this);
  }
}
const adminErrorBrand = errorBrand<AdminError>('AdminError');

const ADMIN_USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  set-plan <email> <${PLANS.join('|')}>   Put an account on a plan (takes effect on its next request)
  verify-email <email>                           Mark an account's e-mail address as verified

Examples:
  npm run admin -- set-plan alice@example.com pro
  npm run admin -- verify-email alice@example.com`;

const isPlan = (value: string): value is Plan => (PLANS as readonly string[]).includes(value);

async function findUser(email: string) {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(email) } });
  if (!user) throw new AdminError(`No account with the e-mail address ${email}`);
  return user;
}

export type SetPlanResult = { email: string; previous: Plan; plan: Plan; stripeManaged: boolean };

/** Sets an account's plan. A live Stripe subscription would overwrite it on its next event, so the result says so. */
export async function setPlan(email: string, plan: string): Promise<SetPlanResult> {
  if (!isPlan(plan)) throw new AdminError(`Unknown plan "${plan}"; expected one of ${PLANS.join(', ')}`);
  const user = await findUser(email);
  await db.user.update({ where: { id: user.id }, data: { plan } });
  const stripeManaged = Boolean(
    user.stripeSubscriptionId && user.subscriptionStatus && user.subscriptionStatus !== 'canceled',
  );
  return { email: user.email, previous: user.plan, plan, stripeManaged };
}

export type VerifyEmailResult = { email: string; verifiedAt: Date; alreadyVerified: boolean };

export async function verifyEmail(email: string): Promise<VerifyEmailResult> {
  const user = await findUser(email);
  if (user.emailVerifiedAt) return { email: user.email, verifiedAt: user.emailVerifiedAt, alreadyVerified: true };
  const updated = await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
  return { email: user.email, verifiedAt: updated.emailVerifiedAt!, alreadyVerified: false };
}

type Output = { out: (line: string) => void; err: (line: string) => void };

/** Runs one admin command line; returns the process exit code (0 done, 1 bad input or unknown account). */
export async function runAdmin(args: string[], io: Output): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'set-plan' && rest.length === 2) {
      const r = await setPlan(rest[0], rest[1]);
      io.out(`${r.email}: plan ${r.previous} → ${r.plan}`);
      if (r.stripeManaged)
        io.err(`Note: ${r.email} has a Stripe subscription; its next Stripe event will set the plan again.`);
      return 0;
    }
    if (command === 'verify-email' && rest.length === 1) {
      const r = await verifyEmail(rest[0]);
      io.out(
        r.alreadyVerified
          ? `${r.email} was already verified (${r.verifiedAt.toISOString()})`
          : `${r.email}: e-mail address verified`,
      );
      return 0;
    }
    if (command === 'help' || command === '--help' || command === '-h') {
      io.out(ADMIN_USAGE);
      return 0;
    }
    io.err(
      command && !['set-plan', 'verify-email'].includes(command)
        ? `Unknown command "${command}"\n\n${ADMIN_USAGE}`
        : ADMIN_USAGE,
    );
    return 1;
  } catch (e) {
    if (adminErrorBrand.is(e)) {
      io.err(`Error: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
