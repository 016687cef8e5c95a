import { describe, expect, it } from 'vitest';
import {
  type ConversionFinished,
  emitConversionFinished,
  inputSourceFor,
  onConversionFinished,
  registerInputSource,
} from '@/lib/conversions/lifecycle';
import type { Conversion } from '@/lib/generated/prisma/client';

const finished: ConversionFinished = {
  conversion: { id: 1n, userId: 'u', batchId: null },
  outcome: 'completed',
  engine: 'sharp',
};

describe("a conversion's lifecycle", () => {
  it('runs every subscriber in registration order, past one that fails, and never throws', async () => {
    const calls: string[] = [];
    onConversionFinished('test-first', () => {
      calls.push('first');
      throw new Error('receiver down');
    });
    onConversionFinished('test-second', async (e) => {
      calls.push(`second ${e.outcome} ${e.engine}`);
    });
    await expect(emitConversionFinished(finished)).resolves.toBeUndefined();
    expect(calls).toEqual(['first', 'second completed sharp']);
  });

  it('registering again under the same name replaces the subscriber instead of adding one', async () => {
    let count = 0;
    onConversionFinished('test-counted', () => void count++);
    onConversionFinished('test-counted', () => void count++);
    await emitConversionFinished(finished);
    expect(count).toBe(1);
  });

  it('finds the input source that claims a row, and none for a row no source claims', () => {
    const fetchInput = async (row: Conversion) => row;
    registerInputSource('test-url', { needsInput: (row) => row.sourceUrl !== null, fetchInput });
    expect(inputSourceFor({ sourceUrl: 'https://example.com/a.png' } as Conversion)?.fetchInput).toBe(fetchInput);
    expect(inputSourceFor({ sourceUrl: null } as Conversion)).toBeUndefined();
  });
});
