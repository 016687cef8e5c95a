import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { chargeDailyAllowance, refundDailyAllowance, usedToday } from './daily-allowance';

const guest = (): Caller => ({
  kind: 'guest',
  userId: null,
  guestId: randomUUID(),
  plan: 'free',
  viaCookie: true,
  clientAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID()}`,
});

describe('daily allowance refund', () => {
  it('gives back what a dropped conversion was charged, never below zero', async () => {
    const caller = guest();
    await db.$transaction((tx) => chargeDailyAllowance(tx, caller, 3));
    expect(await usedToday(db, caller)).toBe(3);
    await refundDailyAllowance(caller, 2);
    expect(await usedToday(db, caller)).toBe(1);
    await refundDailyAllowance(caller, 5);
    expect(await usedToday(db, caller)).toBe(0);
  });

  it('touches only the caller’s own count', async () => {
    const [a, b] = [guest(), guest()];
    await db.$transaction((tx) => chargeDailyAllowance(tx, a, 2));
    await db.$transaction((tx) => chargeDailyAllowance(tx, b, 2));
    await refundDailyAllowance(a);
    expect([await usedToday(db, a), await usedToday(db, b)]).toEqual([1, 2]);
  });
});
