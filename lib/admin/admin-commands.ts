import { db } from '@/lib/db';
import type { Plan } from '@/lib/generated/prisma/enums';
import { PLANS } from '@/lib/plans';
import { errorBrand, isAppError } from '@/lib/errors';
import { accountIdByEmail, type AccountChanges, listAccounts, updateAccount } from '@/lib/admin/accounts';
import { CLI_ACTOR } from '@/lib/admin/audit';
import { deleteAccount } from '@/lib/admin/delete-account';

// Administration for self-hosters (scripts/admin.ts): the same domain functions as the admin API
// (lib/admin/), audited with actor and origin "cli"; plans without Stripe, verification without mail.

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
  grant-admin <email>                            Make an account an administrator
  revoke-admin <email>                           Take an account's administrator role away
  disable <email>                                Disable an account: its sign-in, sessions and API keys stop working at once
  enable <email>                                 Enable a disabled account again
  delete <email>                                 Delete an account with its conversions, uploads and files
  accounts [query]                               List accounts, or those whose e-mail or name contains the query

Every command but accounts is written to the audit log (actor and origin "cli").

Examples:
  npm run admin -- set-plan alice@example.com pro
  npm run admin -- grant-admin alice@example.com
  npm run admin -- accounts example.com`;

const isPlan = (value: string): value is Plan => (PLANS as readonly string[]).includes(value);

/** An account's change by e-mail address, as the admin commands make it. */
const changeByEmail = async (email: string, changes: AccountChanges) =>
  updateAccount(CLI_ACTOR, await accountIdByEmail(email), changes);

export type SetPlanResult = { email: string; previous: Plan; plan: Plan; stripeManaged: boolean };

/** Sets an account's plan. A live Stripe subscription would overwrite it on its next event, so the result says so. */
export async function setPlan(email: string, plan: string): Promise<SetPlanResult> {
  if (!isPlan(plan)) throw new AdminError(`Unknown plan "${plan}"; expected one of ${PLANS.join(', ')}`);
  const { account, changed, stripe_managed } = await changeByEmail(email, { plan });
  return { email: account.email, previous: changed.plan?.from ?? plan, plan, stripeManaged: stripe_managed };
}

export type VerifyEmailResult = { email: string; verifiedAt: Date; alreadyVerified: boolean };

export async function verifyEmail(email: string): Promise<VerifyEmailResult> {
  const { account, changed } = await changeByEmail(email, { verified: true });
  const { emailVerifiedAt } = await db.user.findUniqueOrThrow({
    where: { id: account.id },
    select: { emailVerifiedAt: true },
  });
  return { email: account.email, verifiedAt: emailVerifiedAt!, alreadyVerified: !changed.verified };
}

type Output = { out: (line: string) => void; err: (line: string) => void };

/** The commands that set one thing of an account, and what they say when it was already so. */
const SWITCHES: Record<string, { changes: AccountChanges; done: string; already: string }> = {
  'grant-admin': { changes: { role: 'admin' }, done: 'role user → admin', already: 'is already an administrator' },
  'revoke-admin': { changes: { role: 'user' }, done: 'role admin → user', already: 'is not an administrator' },
  disable: {
    changes: { disabled: true },
    done: 'disabled (its sign-in, sessions and API keys stop working at once)',
    already: 'is already disabled',
  },
  enable: { changes: { disabled: false }, done: 'enabled', already: 'is not disabled' },
};

async function listAll(query: string | undefined, io: Output) {
  let shown = 0;
  for (let page = 1; ; page++) {
    const found = await listAccounts({ q: query, page });
    for (const a of found.items) {
      const marks = [a.role === 'admin' ? 'admin' : '', a.verified ? '' : 'unverified', a.disabled ? 'disabled' : '']
        .filter(Boolean)
        .join(', ');
      io.out(`${a.email}\t${a.plan}\t${a.created_at.slice(0, 10)}${marks ? `\t${marks}` : ''}`);
    }
    shown += found.items.length;
    if (page >= found.pages) break;
  }
  io.out(`${shown} account${shown === 1 ? '' : 's'}`);
}

/** Runs one admin command line; returns the process exit code (0 done, 1 bad input, unknown account or refusal). */
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
    const toggle = SWITCHES[command ?? ''];
    if (toggle && rest.length === 1) {
      const { account, changed } = await changeByEmail(rest[0], toggle.changes);
      io.out(
        Object.keys(changed).length > 0 ? `${account.email}: ${toggle.done}` : `${account.email} ${toggle.already}`,
      );
      return 0;
    }
    if (command === 'delete' && rest.length === 1) {
      const r = await deleteAccount(CLI_ACTOR, await accountIdByEmail(rest[0]));
      io.out(`${r.email}: deleted, with ${r.conversions} conversion(s) and ${r.uploads} upload(s) and their files`);
      return 0;
    }
    if (command === 'accounts' && rest.length <= 1) {
      await listAll(rest[0], io);
      return 0;
    }
    if (command === 'help' || command === '--help' || command === '-h') {
      io.out(ADMIN_USAGE);
      return 0;
    }
    const known = ['set-plan', 'verify-email', 'delete', 'accounts', ...Object.keys(SWITCHES)];
    io.err(command && !known.includes(command) ? `Unknown command "${command}"\n\n${ADMIN_USAGE}` : ADMIN_USAGE);
    return 1;
  } catch (e) {
    // Bad input and refusals (no such account) are the operator's to fix; anything else is a failure.
    if (adminErrorBrand.is(e) || (isAppError(e) && e.status < 500)) {
      io.err(`Error: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
