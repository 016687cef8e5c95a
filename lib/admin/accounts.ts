import type { z } from 'zod';
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AccountRole, Plan } from '@/lib/generated/prisma/enums';
import { normalizeEmail } from '@/lib/accounts/register-user';
import { accountSubject } from '@/lib/identity/caller';
import type { AdminAccount } from '@/lib/schemas/admin';
import { type AdminActor, recordAudit } from '@/lib/admin/audit';
import { type Page, pageOf, pageWindow } from '@/lib/admin/paging';

// Accounts as administrators see and change them, for the admin API and the admin commands alike.

type AdminAccountJson = z.input<typeof AdminAccount>;

const ACCOUNT_SELECT = {
  id: true,
  email: true,
  name: true,
  plan: true,
  role: true,
  emailVerifiedAt: true,
  disabledAt: true,
  createdAt: true,
  stripeSubscriptionId: true,
  subscriptionStatus: true,
  teamMembership: { select: { teamId: true, role: true } },
} satisfies Prisma.UserSelect;

type AccountRow = Prisma.UserGetPayload<{ select: typeof ACCOUNT_SELECT }>;

const accountNotFound = () => new AppError('not_found', 'Account not found');

/**
 * Whether a live Stripe subscription manages the account's plan: its next event sets the plan
 * again, whatever an administrator set.
 */
const stripeManaged = (user: Pick<AccountRow, 'stripeSubscriptionId' | 'subscriptionStatus'>) =>
  Boolean(user.stripeSubscriptionId && user.subscriptionStatus && user.subscriptionStatus !== 'canceled');

type Usage = AdminAccountJson['usage'];
const NO_USAGE: Usage = { today: { conversions: 0, bytes: 0 }, last_30_days: { conversions: 0, bytes: 0 } };
const USAGE_DAYS = 30;

/** The accounts' usage from the daily allowance's ledger (usage_days), today and over 30 UTC days. */
async function usageOf(ids: string[]): Promise<Map<string, Usage>> {
  const today = new Date(new Date().toISOString().slice(0, 10));
  const rows = await db.usageDay.findMany({
    where: {
      subject: { in: ids.map(accountSubject) },
      day: { gt: new Date(today.getTime() - USAGE_DAYS * 86_400_000) },
    },
  });
  const usage = new Map(ids.map((id) => [accountSubject(id), structuredClone(NO_USAGE)]));
  for (const row of rows) {
    const counted = usage.get(row.subject)!;
    const spans =
      row.day.getTime() === today.getTime() ? [counted.today, counted.last_30_days] : [counted.last_30_days];
    for (const span of spans) {
      span.conversions += row.count;
      span.bytes += Number(row.bytes);
    }
  }
  return new Map(ids.map((id) => [id, usage.get(accountSubject(id))!]));
}

function serializeAccount(row: AccountRow, usage: Usage): AdminAccountJson {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.plan,
    role: row.role,
    verified: row.emailVerifiedAt !== null,
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
    team: row.teamMembership ? { id: row.teamMembership.teamId, role: row.teamMembership.role } : null,
    usage,
  };
}

async function withUsage(rows: AccountRow[]): Promise<AdminAccountJson[]> {
  const usage = await usageOf(rows.map((r) => r.id));
  return rows.map((r) => serializeAccount(r, usage.get(r.id) ?? NO_USAGE));
}

/** `text` for Prisma's `contains`, which passes LIKE's wildcards (and its escape) on as they are. */
const literally = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Accounts whose e-mail address or name contains `q` (any case), newest first, a page at a time. */
export async function listAccounts(query: { q?: string; page: number }): Promise<Page<AdminAccountJson>> {
  const trimmed = query.q?.trim();
  const q = trimmed ? literally(trimmed) : undefined;
  const where: Prisma.UserWhereInput = q
    ? {
        OR: [{ email: { contains: q, mode: 'insensitive' } }, { name: { contains: q, mode: 'insensitive' } }],
      }
    : {};
  const [rows, total] = await Promise.all([
    db.user.findMany({
      where,
      select: ACCOUNT_SELECT,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...pageWindow(query.page),
    }),
    db.user.count({ where }),
  ]);
  return pageOf(await withUsage(rows), total, query.page);
}

export async function getAccount(id: string): Promise<AdminAccountJson> {
  const row = await db.user.findUnique({ where: { id }, select: ACCOUNT_SELECT });
  if (!row) throw accountNotFound();
  return (await withUsage([row]))[0];
}

/** The id of the account with this e-mail address (the admin commands name accounts so); 404 when none. */
export async function accountIdByEmail(email: string): Promise<string> {
  const row = await db.user.findUnique({ where: { email: normalizeEmail(email) }, select: { id: true } });
  if (!row) throw new AppError('not_found', `No account with the e-mail address ${email}`);
  return row.id;
}

export type AccountChanges = { plan?: Plan; verified?: boolean; disabled?: boolean; role?: AccountRole };

type Change<T> = { from: T; to: T };
type AppliedChanges = {
  plan?: Change<Plan>;
  verified?: Change<boolean>;
  disabled?: Change<boolean>;
  role?: Change<AccountRole>;
};

export type AccountChangeResult = {
  account: AdminAccountJson;
  /** What changed (nothing when every value was already so). */
  changed: AppliedChanges;
  stripe_managed: boolean;
  warnings: string[];
};

/** The one rule of an administrator acting on themselves: they may not lock themselves out. */
export function assertNotSelfLockout(actor: AdminActor, id: string, changes: AccountChanges & { deleted?: true }) {
  if (actor.id !== id) return;
  if (changes.disabled === true) throw new AppError('conflict', 'An administrator cannot disable their own account');
  if (changes.role === 'user') throw new AppError('conflict', 'An administrator cannot take away their own admin role');
  if (changes.deleted) throw new AppError('conflict', 'An administrator cannot delete their own account');
}

/**
 * Changes an account's plan, verification, disabled mark or role, with its audit entry in the same
 * transaction (only the values that differ are changed and recorded; nothing to change writes nothing).
 * Disabling takes effect on the account's next request (lib/identity/account-plan.ts).
 */
export async function updateAccount(
  actor: AdminActor,
  id: string,
  changes: AccountChanges,
): Promise<AccountChangeResult> {
  assertNotSelfLockout(actor, id, changes);
  const { row, changed } = await db.$transaction(async (tx) => {
    // The row is locked, so two administrators' changes record what each one found.
    const [locked] = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM users WHERE id = ${id} FOR UPDATE`;
    const before = locked ? await tx.user.findUnique({ where: { id }, select: ACCOUNT_SELECT }) : null;
    if (!before) throw accountNotFound();
    const changed: AppliedChanges = {};
    const data: Prisma.UserUpdateInput = {};
    if (changes.plan !== undefined && changes.plan !== before.plan) {
      changed.plan = { from: before.plan, to: changes.plan };
      data.plan = changes.plan;
    }
    if (changes.role !== undefined && changes.role !== before.role) {
      changed.role = { from: before.role, to: changes.role };
      data.role = changes.role;
    }
    const verified = before.emailVerifiedAt !== null;
    if (changes.verified !== undefined && changes.verified !== verified) {
      changed.verified = { from: verified, to: changes.verified };
      data.emailVerifiedAt = changes.verified ? new Date() : null;
    }
    const disabled = before.disabledAt !== null;
    if (changes.disabled !== undefined && changes.disabled !== disabled) {
      changed.disabled = { from: disabled, to: changes.disabled };
      data.disabledAt = changes.disabled ? new Date() : null;
    }
    if (Object.keys(changed).length === 0) return { row: before, changed };
    const row = await tx.user.update({ where: { id }, data, select: ACCOUNT_SELECT });
    await recordAudit(tx, actor, { action: 'account.update', target: { id, email: before.email }, details: changed });
    return { row, changed };
  });
  const managed = stripeManaged(row);
  const warnings =
    changes.plan !== undefined && managed
      ? [`${row.email} has a Stripe subscription; its next Stripe event will set the plan again.`]
      : [];
  return { account: (await withUsage([row]))[0], changed, stripe_managed: managed, warnings };
}
