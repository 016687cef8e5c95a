import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { type Caller, allowanceSubject } from '@/lib/identity/caller';
import { limitsFor } from '@/lib/plans';

type Tx = Prisma.TransactionClient;

const today = () => new Date(new Date().toISOString().slice(0, 10));

/** What a request charges: its conversions, and their input bytes (kept in the ledger for administrators). */
export type Charge = { conversions: number; bytes: bigint };

/**
 * The statement that charges `charge` to the caller's daily allowance, atomically: the
 * conditional upsert only increments while the count stays within the limit, so concurrent requests
 * never exceed it. It returns the new count, or no row when the allowance does not cover the
 * conversions (then nothing is charged). It goes in the statement or transaction that creates the
 * conversions, so a failed creation is not charged.
 */
export function chargeStatement(caller: Caller, charge: Charge): Prisma.Sql {
  const limit = limitsFor(caller.plan).dailyConversions;
  const subject = allowanceSubject(caller);
  const units = charge.conversions;
  const bytes = charge.bytes.toString();
  if (limit === null)
    return Prisma.sql`INSERT INTO usage_days (subject, day, count, bytes) VALUES (${subject}, ${today()}::date, ${units}, ${bytes}::bigint)
      ON CONFLICT (subject, day) DO UPDATE SET count = usage_days.count + ${units}, bytes = usage_days.bytes + ${bytes}::bigint
      RETURNING count`;
  return Prisma.sql`INSERT INTO usage_days (subject, day, count, bytes) SELECT ${subject}, ${today()}::date, ${units}, ${bytes}::bigint WHERE ${units}::int <= ${limit}::int
    ON CONFLICT (subject, day) DO UPDATE SET count = usage_days.count + ${units}, bytes = usage_days.bytes + ${bytes}::bigint
    WHERE usage_days.count + ${units} <= ${limit}
    RETURNING count`;
}

// Subjects whose allowance this process has seen used up, with that day: work that starts before
// its charge is made (lib/conversions/create-conversion.ts `insertAndRun`) does not start for them,
// so a caller over its allowance cannot have conversions run before each refusal. Bounded: the
// oldest are dropped first.
const usedUpHere = new Map<string, number>();
const USED_UP_HELD = 10_000;

/** Notes a refusal of the caller's charge (`allowanceUsedUp`) in this process. */
export function noteAllowanceUsedUp(caller: Caller): void {
  const subject = allowanceSubject(caller);
  usedUpHere.delete(subject);
  usedUpHere.set(subject, today().getTime());
  if (usedUpHere.size > USED_UP_HELD) usedUpHere.delete(usedUpHere.keys().next().value!);
}

/** Whether this process has seen the caller's allowance used up today. */
export const allowanceUsedUpHereToday = (caller: Caller): boolean =>
  usedUpHere.get(allowanceSubject(caller)) === today().getTime();

/** The refusal of a charge the allowance does not cover: 429 until the next UTC day. */
export function allowanceUsedUp(caller: Caller): AppError {
  const tomorrow = new Date(today().getTime() + 86_400_000);
  const retryAfter = Math.ceil((tomorrow.getTime() - Date.now()) / 1000);
  const limit = limitsFor(caller.plan).dailyConversions;
  return new AppError('quota_exceeded', `Daily allowance of ${limit} conversions used up; it renews at 00:00 UTC`, {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/** Charges `charge` inside `tx` (see chargeStatement); 429 when the allowance does not cover its conversions. */
export async function chargeDailyAllowance(tx: Tx, caller: Caller, charge: Charge): Promise<void> {
  const rows = await tx.$queryRaw<Array<{ count: number }>>(chargeStatement(caller, charge));
  if (rows.length === 0) throw allowanceUsedUp(caller);
}

/**
 * Gives back a charge made today for conversions that were then dropped because the job queue
 * was unavailable (never below zero), so a refused request costs nothing.
 */
export async function refundDailyAllowance(caller: Caller, charge: Charge): Promise<void> {
  await db.$executeRaw`UPDATE usage_days SET count = GREATEST(count - ${charge.conversions}::int, 0),
      bytes = GREATEST(bytes - ${charge.bytes.toString()}::bigint, 0)
    WHERE subject = ${allowanceSubject(caller)} AND day = ${today()}::date`;
}

/** Conversions used today by the caller's subject. */
export async function usedToday(tx: Pick<Tx, '$queryRaw'>, caller: Caller): Promise<number> {
  const rows = await tx.$queryRaw<
    Array<{ count: number }>
  >`SELECT count FROM usage_days WHERE subject = ${allowanceSubject(caller)} AND day = ${today()}::date`;
  return rows[0]?.count ?? 0;
}
