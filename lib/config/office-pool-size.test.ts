import { describe, expect, it } from 'vitest';
import { defaultOfficePoolSize } from './office-pool-size';

const GiB = 1024 ** 3;

describe('default LibreOffice pool size', () => {
  it.each([
    [{ cores: 2, memoryBytes: 24 * GiB, engineSlots: 2 }, 2],
    [{ cores: 1, memoryBytes: 24 * GiB, engineSlots: 1 }, 1],
    [{ cores: 8, memoryBytes: 4 * GiB, engineSlots: 8 }, 2], // memory-bound: half of 4 GiB at 1 GiB each
    [{ cores: 4, memoryBytes: 1 * GiB, engineSlots: 4 }, 1], // never below one
    [{ cores: 16, memoryBytes: 16 * GiB, engineSlots: 4 }, 4], // no more than engine slots
    [{ cores: 64, memoryBytes: 256 * GiB, engineSlots: 64 }, 8], // capped
  ])('%o → %i', (machine, size) => {
    expect(defaultOfficePoolSize(machine)).toBe(size);
  });
});
