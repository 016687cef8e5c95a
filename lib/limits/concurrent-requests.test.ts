import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { ConcurrencyGate } from '@/lib/limits/concurrent-requests';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  // The gate admits with promise callbacks only: one turn of the event loop runs them all.
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('ConcurrencyGate', () => {
  it('lets `limit` requests of one subject in; the next waits until one leaves, others are not held', async () => {
    const gate = new ConcurrencyGate(2, 1_000, 10);
    const first = await gate.enter('a');
    await gate.enter('a');
    const third = gate.enter('a');
    expect(await settled(third)).toBe(false);
    // Another subject is never held up by a's line.
    expect(await settled(gate.enter('b'))).toBe(true);
    first.leave();
    first.leave(); // leaving twice gives back one place only
    expect(await settled(third)).toBe(true);
    expect(await settled(gate.enter('a'))).toBe(false);
  });

  it('frees a place while its request steps out (waiting on its client); back in, it counts ahead of those waiting', async () => {
    const gate = new ConcurrencyGate(1, 1_000, 10);
    const slowSender = await gate.enter('a');
    slowSender.stepOut();
    const other = await gate.enter('a'); // not held behind the slow sender
    slowSender.stepBackIn(); // its body is in: two run now, over the limit of one
    const third = gate.enter('a');
    expect(await settled(third)).toBe(false);
    other.leave();
    expect(await settled(third)).toBe(false); // the slow sender still runs
    slowSender.leave();
    slowSender.leave();
    expect(await settled(third)).toBe(true);
    expect(await settled(gate.enter('a'))).toBe(false); // one place, taken by the third
  });

  it('refuses with 429 and Retry-After after the bounded wait, and at once when the line is full', async () => {
    const gate = new ConcurrencyGate(1, 50, 1);
    await gate.enter('a');
    const waiting = gate.enter('a');
    const overflow = await gate.enter('a').catch((e: unknown) => e);
    expect(overflow).toBeInstanceOf(AppError);
    expect((overflow as AppError).status).toBe(429);
    const timedOut = await waiting.catch((e: unknown) => e);
    expect((timedOut as AppError).code).toBe('rate_limited');
    expect((timedOut as AppError).headers?.['Retry-After']).toBe('1');
  });
});
