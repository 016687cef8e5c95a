import { describe, expect, it } from 'vitest';
import { describeSizeChange } from './size-change';

describe('describeSizeChange', () => {
  it('says the sizes and the saving', () => {
    expect(describeSizeChange(2_800_000, 412_000)).toBe('2.8 MB → 412 kB, −85 %');
  });
  it('says a growth with a plus, no change with ±', () => {
    expect(describeSizeChange(1000, 1500)).toBe('1 kB → 1.5 kB, +50 %');
    expect(describeSizeChange(1000, 1000)).toBe('1 kB → 1 kB, ±0 %');
  });
  it('gives no percent for an empty source', () => {
    expect(describeSizeChange(0, 10)).toBe('0 B → 10 B');
  });
});
