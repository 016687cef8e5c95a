import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { guestCaller } from '@/tests/support/accounts';
import { chargeDailyAllowance, refundDailyAllowance, usedToday } from './daily-allowance';

const conversions = (n: number, bytes = 0n) => ({ conversions: n, bytes });

/** The ledger's byte count of the caller today. */
const bytesToday = async (caller: Caller) =>
  (await db.usageDay.findFirst({ where: { subject: `client:${caller.clientAddress}` } }))?.bytes ?? 0n;

const guest = () => guestCaller({ viaCookie: true });

describe('daily allowance refund', () => {
  it('gives back what a dropped conversion was charged, never below zero', async () => {
    const caller = guest();
    await db.$transaction((tx) => chargeDailyAllowance(tx, caller, conversions(3, 3000n)));
    expect([await usedToday(db, caller), await bytesToday(caller)]).toEqual([3, 3000n]);
    await refundDailyAllowance(caller, conversions(2, 2000n));
    expect([await usedToday(db, caller), await bytesToday(caller)]).toEqual([1, 1000n]);
    await refundDailyAllowance(caller, conversions(5, 5000n));
    expect([await usedToday(db, caller), await bytesToday(caller)]).toEqual([0, 0n]);
  });

  it('touches only the caller’s own count', async () => {
    const [a, b] = [guest(), guest()];
    await db.$transaction((tx) => chargeDailyAllowance(tx, a, conversions(2)));
    await db.$transaction((tx) => chargeDailyAllowance(tx, b, conversions(2)));
    await refundDailyAllowance(a, conversions(1));
    expect([await usedToday(db, a), await usedToday(db, b)]).toEqual([1, 2]);
  });
});
