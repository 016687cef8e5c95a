import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { insertCharged } from '@/lib/conversions/create-conversion';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import type { Caller } from '@/lib/identity/caller';
import { guestCaller } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';

// The charge and the new row are one statement (values read into the table's row type): the row it
// returns, and the raw read of it, must be the row Prisma reads, every value intact, and a refused
// charge must leave nothing.

const made: bigint[] = [];
afterEach(async () => {
  await db.conversion.deleteMany({ where: { id: { in: made.splice(0) } } });
});

const usedToday = async (caller: Caller) =>
  (await db.usageDay.findFirst({ where: { subject: `client:${caller.clientAddress}` } }))?.count ?? 0;

const data = (caller: Caller) => {
  const createdAt = new Date(Date.UTC(2026, 10, 27, 23, 59, 59, 987));
  return {
    createdAt,
    userId: null,
    guestId: caller.guestId,
    originalFileName: `Zoë's "report" ✓ \\ ${'x'.repeat(3)}.png`,
    originalFormat: 'png',
    targetFormat: 'webp',
    operation: 'compress' as const,
    options: { quality: 70, nested: { list: [1, 'two', null], flag: false }, text: 'ünï "q"' },
    inputKey: 'inputs/insert-test',
    inputSize: 9_007_199_254_740_993n, // above 2^53: must not pass through a JS number
    resultKey: 'results/insert-test',
    // Far ahead: the row must stay readable whatever day the test runs on.
    expiresAt: new Date(Date.UTC(2100, 0, 1)),
    sourceUrl: 'https://example.com/a?b=c&d=e',
    sourceMaxBytes: null,
  };
};

describe('a new conversion, charged', () => {
  it('returns the row as Prisma reads it, every value intact, defaults for the rest', async () => {
    const caller = guestCaller();
    const row = await insertCharged(caller, data(caller));
    made.push(row.id);
    const read = await db.conversion.findUniqueOrThrow({ where: { id: row.id } });
    expect(row).toEqual(read);
    expect(await getConversionOrThrow(caller, row.id)).toEqual(read); // the raw read every download makes
    expect(read).toMatchObject({ ...data(caller), status: 'pending', progress: 0, attempts: 0, run: 0, error: null });
    expect(await usedToday(caller)).toBe(1);
  });

  it('reads and charges the same in a process whose time zone is not UTC', async () => {
    await withEnv({ TZ: 'America/New_York' }, async () => {
      const caller = guestCaller();
      const row = await insertCharged(caller, data(caller));
      made.push(row.id);
      const read = await db.conversion.findUniqueOrThrow({ where: { id: row.id } });
      expect(row).toEqual(read);
      expect(await getConversionOrThrow(caller, row.id)).toEqual(read);
      expect(read.createdAt.toISOString()).toBe('2026-11-27T23:59:59.987Z');
      // The allowance is charged to today's UTC day, not the local one.
      const charged = await db.usageDay.findFirstOrThrow({ where: { subject: `client:${caller.clientAddress}` } });
      expect(charged.day.toISOString().slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    });
  });

  it('a charge the allowance does not cover answers 429 and inserts nothing', async () => {
    await withEnv({ PLAN_FREE_DAILY_CONVERSIONS: '2' }, async () => {
      const caller = guestCaller();
      for (let i = 0; i < 2; i++) made.push((await insertCharged(caller, data(caller))).id);
      const refused = await insertCharged(caller, data(caller)).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'quota_exceeded', status: 429 });
      expect(await usedToday(caller)).toBe(2);
      expect(await db.conversion.count({ where: { guestId: caller.guestId } })).toBe(2);
    });
  });

  it("writes the run's lease with the row, and no lease with a refused row", async () => {
    await withEnv({ PLAN_FREE_DAILY_CONVERSIONS: '1' }, async () => {
      const caller = guestCaller();
      const lease = { subject: 'subject:with-the-row', ms: 60_000 };
      const row = await insertCharged(caller, data(caller), { lease });
      made.push(row.id);
      expect(row).toEqual(await db.conversion.findUniqueOrThrow({ where: { id: row.id } }));
      const written = await db.conversionLease.findUniqueOrThrow({ where: { conversionId: row.id } });
      expect(written).toMatchObject({ run: 0, subject: lease.subject });
      const heldFor = written.expiresAt.getTime() - Date.now();
      expect(heldFor).toBeGreaterThan(50_000);
      expect(heldFor).toBeLessThanOrEqual(60_000);
      const refused = await insertCharged(caller, data(caller), { lease }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'quota_exceeded' });
      expect(await db.conversionLease.count({ where: { subject: lease.subject } })).toBe(1);
    });
  });
});
