import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import {
  type ConversionEvent,
  publishConversionEvent,
  subscribeConversionEvents,
} from '@/lib/conversions/conversion-events';
import { reportProgress } from '@/lib/conversions/report-progress';
import { claimRun, completeRun, failRun } from '@/lib/conversions/run-state';
import { newConversionId } from '@/lib/domain/conversion-id';
import { waitFor } from '@/tests/support/wait-for';

// A run's state changes are single statements that change the row and send its event together.
// These tests hold each one to the row it leaves and the events the listeners hear.

const created: bigint[] = [];
afterEach(async () => {
  await db.conversion.deleteMany({ where: { id: { in: created.splice(0) } } });
});

async function conversion(data: { status?: 'pending' | 'processing' | 'cancelled'; run?: number } = {}) {
  const now = new Date();
  const row = await db.conversion.create({
    data: {
      id: newConversionId(),
      guestId: 'run-state-test',
      originalFileName: 'a.png',
      originalFormat: 'png',
      targetFormat: 'webp',
      options: { quality: 70 },
      inputKey: 'inputs/run-state-test',
      inputSize: 5n,
      resultKey: 'results/run-state-test',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      ...data,
    },
  });
  created.push(row.id);
  return row;
}

/** The events of one conversion heard from now on. */
async function heard(id: bigint) {
  const events: ConversionEvent[] = [];
  const stop = await subscribeConversionEvents(String(id), (e) => events.push(e));
  return { events, stop };
}

/**
 * Returns once every event sent so far has been heard: the process's one LISTEN connection gets
 * notifications in commit order, so when a marker sent now arrives, anything sent before it has too.
 */
async function allHeard() {
  const id = newConversionId();
  const marker = await heard(id);
  await publishConversionEvent({ id: String(id), status: 'processing', progress: 0 });
  await waitFor(
    async () => marker.events,
    (e) => e.length === 1,
  );
  marker.stop();
}

describe('run state changes', () => {
  it('a claim returns the whole row as Prisma reads it and says processing', async () => {
    const row = await conversion();
    const { events, stop } = await heard(row.id);
    const claimed = await claimRun(row.id, 0);
    const read = await db.conversion.findUniqueOrThrow({ where: { id: row.id } });
    expect(claimed).toEqual(read);
    expect(read).toMatchObject({ status: 'processing', attempts: 1, progress: 0, options: { quality: 70 } });
    expect(read.startedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await waitFor(
      async () => events,
      (e) => e.length === 1,
    );
    expect(events).toEqual([{ id: String(row.id), status: 'processing', progress: 0 }]);
    stop();
  });

  it('a claim of another run, of a finished or an expired row, changes nothing and says nothing', async () => {
    const other = await conversion({ run: 1 });
    const cancelled = await conversion({ status: 'cancelled' });
    const expired = await conversion();
    await db.conversion.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const listeners = await Promise.all([other, cancelled, expired].map((r) => heard(r.id)));
    expect(await claimRun(other.id, 0)).toBeUndefined();
    expect(await claimRun(cancelled.id)).toBeUndefined();
    expect(await claimRun(expired.id)).toBeUndefined();
    // A processing row is claimed again by its own run (a redelivery after a worker died).
    expect((await claimRun(other.id, 1))?.attempts).toBe(1);
    expect((await claimRun(other.id, 1))?.attempts).toBe(2);
    await allHeard();
    expect(listeners.map((l) => l.events.length)).toEqual([2, 0, 0]);
    for (const l of listeners) l.stop();
  });

  it('completion writes the result and says completed, once, and only for the run processing', async () => {
    const row = await conversion({ status: 'processing' });
    const { events, stop } = await heard(row.id);
    expect(await completeRun({ id: row.id, run: 1 }, { size: 9, crc32: 7, parts: null, note: null })).toBe(false);
    expect(await completeRun(row, { size: 9, crc32: 0xffffffff, parts: 3, note: 'target missed' })).toBe(true);
    expect(await completeRun(row, { size: 9, crc32: 7, parts: null, note: null })).toBe(false);
    const read = await db.conversion.findUniqueOrThrow({ where: { id: row.id } });
    expect(read).toMatchObject({
      status: 'completed',
      progress: 100,
      resultSize: 9n,
      resultCrc32: 0xffffffffn,
      resultParts: 3,
      error: 'target missed',
    });
    expect(read.completedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await allHeard();
    expect(events).toEqual([
      {
        id: String(row.id),
        status: 'completed',
        progress: 100,
        result: { size: 9, parts: 3 },
        mark: expect.any(String),
      },
    ]);
    stop();
  });

  it("a run's end is heard in its own process as soon as it is written, and once, its notice coming after", async () => {
    const completed = await conversion({ status: 'processing' });
    const failed = await conversion({ status: 'processing' });
    const listeners = await Promise.all([completed, failed].map((r) => heard(r.id)));
    expect(await completeRun(completed, { size: 9, crc32: 7, parts: null, note: null })).toBe(true);
    expect(listeners[0]!.events.map((e) => e.status)).toEqual(['completed']);
    expect(await failRun(failed, 'The image could not be read.')).toBe(true);
    expect(listeners[1]!.events.map((e) => e.status)).toEqual(['failed']);
    // Its notice, sent by the same statement, comes through the database later, and is not a second end.
    await allHeard();
    expect(listeners.map((l) => l.events.length)).toEqual([1, 1]);
    // Another process's end (a notice with a mark not of this process) is heard as sent.
    const other = await conversion({ status: 'processing' });
    const { events, stop } = await heard(other.id);
    await publishConversionEvent({ id: String(other.id), status: 'failed', progress: 0, mark: 'elsewhere.1' });
    await waitFor(
      async () => events,
      (e) => e.length === 1,
    );
    for (const l of listeners) l.stop();
    stop();
  });

  it('failure keeps the message and says failed, only for the run processing', async () => {
    const row = await conversion({ status: 'processing' });
    const cancelled = await conversion({ status: 'cancelled' });
    const { events, stop } = await heard(row.id);
    expect(await failRun(cancelled, 'nope')).toBe(false);
    expect(await failRun(row, 'The image could not be read.')).toBe(true);
    expect(await db.conversion.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: 'failed',
      error: 'The image could not be read.',
    });
    expect((await db.conversion.findUniqueOrThrow({ where: { id: cancelled.id } })).status).toBe('cancelled');
    await waitFor(
      async () => events,
      (e) => e.length === 1,
    );
    expect(events).toEqual([
      {
        id: String(row.id),
        status: 'failed',
        progress: 0,
        error: 'The image could not be read.',
        mark: expect.any(String),
      },
    ]);
    stop();
  });
});

describe('progress reports', () => {
  it('a run that ends within the first interval writes no progress at all', async () => {
    const row = await conversion({ status: 'processing' });
    const { events, stop } = await heard(row.id);
    const progress = reportProgress(row.id);
    progress.update(5);
    progress.update(60);
    await progress.flush(); // drops the held value and its timer: nothing is sent after this
    await allHeard();
    expect(events).toEqual([]);
    expect((await db.conversion.findUniqueOrThrow({ where: { id: row.id } })).progress).toBe(0);
    stop();
  });

  it('a held value is written when its interval ends, then at most one write per interval', async () => {
    const row = await conversion({ status: 'processing' });
    const { events, stop } = await heard(row.id);
    const progress = reportProgress(row.id);
    progress.update(5); // held: the run has not worked an interval yet
    progress.update(9);
    await waitFor(
      async () => events,
      (e) => e.length === 1,
    );
    expect(events[0]).toEqual({ id: String(row.id), status: 'processing', progress: 9 });
    progress.update(20);
    progress.update(30);
    progress.update(30);
    await waitFor(
      async () => events,
      (e) => e.length === 2,
    );
    await progress.flush();
    await allHeard();
    expect(events.map((e) => e.progress)).toEqual([9, 30]);
    expect((await db.conversion.findUniqueOrThrow({ where: { id: row.id } })).progress).toBe(30);
    stop();
  });
});
