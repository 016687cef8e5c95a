import { describe, expect, it } from 'vitest';
import { isBatchFinished, summarizeBatch } from '@/lib/domain/batch-status';
import { CONVERSION_STATUSES, type ConversionStatus, isTerminal } from '@/lib/domain/conversion-status';

const batch = (...members: Array<[ConversionStatus, number?]>) =>
  summarizeBatch(members.map(([status, progress = 0]) => ({ status, progress })));

describe('summarizeBatch', () => {
  it('derives the status from the files', () => {
    expect(batch(['pending'], ['pending']).status).toBe('pending');
    expect(batch(['pending'], ['processing', 40]).status).toBe('processing');
    expect(batch(['completed'], ['pending']).status).toBe('processing');
    expect(batch(['completed'], ['completed']).status).toBe('completed');
    expect(batch(['completed'], ['failed']).status).toBe('partial');
    expect(batch(['completed'], ['cancelled']).status).toBe('partial');
    expect(batch(['failed'], ['cancelled']).status).toBe('failed');
    expect(batch(['cancelled'], ['cancelled']).status).toBe('cancelled');
  });

  it('counts files and averages progress, a finished file counting 100', () => {
    expect(batch(['completed'], ['failed'], ['processing', 50], ['pending'])).toEqual({
      status: 'processing',
      progress: 62,
      total: 4,
      completed: 1,
      failed: 1,
    });
  });
});

describe('isBatchFinished', () => {
  it('is true exactly when every file has finished', () => {
    for (const a of CONVERSION_STATUSES)
      for (const b of CONVERSION_STATUSES)
        expect(isBatchFinished(batch([a], [b]).status), `${a} + ${b}`).toBe(isTerminal(a) && isTerminal(b));
  });
});
