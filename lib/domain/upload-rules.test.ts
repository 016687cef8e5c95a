import { describe, expect, it } from 'vitest';
import { MAX_PARTS, missingParts, PART_SIZE_BYTES, partLayout, partRange } from '@/lib/domain/upload-rules';

describe('part layout', () => {
  it('8 MiB parts, the last one the remainder', () => {
    const size = 3 * PART_SIZE_BYTES + 5;
    expect(partLayout(size)).toEqual({ partSize: PART_SIZE_BYTES, partCount: 4 });
    expect(partRange({ fileSize: size, partSize: PART_SIZE_BYTES }, 4)).toEqual({
      number: 4,
      offset: 3 * PART_SIZE_BYTES,
      size: 5,
    });
    expect(partLayout(1)).toEqual({ partSize: PART_SIZE_BYTES, partCount: 1 });
    expect(partLayout(PART_SIZE_BYTES)).toEqual({ partSize: PART_SIZE_BYTES, partCount: 1 });
  });

  it('grows the part size (whole MiB) so a huge file stays within 10,000 parts', () => {
    for (const size of [MAX_PARTS * PART_SIZE_BYTES + 1, 200e9, 5 * 2 ** 40]) {
      const { partSize, partCount } = partLayout(size);
      expect(partCount).toBeLessThanOrEqual(MAX_PARTS);
      expect(partSize % 2 ** 20).toBe(0);
      expect(partSize * partCount).toBeGreaterThanOrEqual(size);
    }
  });

  it('names missing parts', () => {
    expect(missingParts(5, [4, 1, 2])).toEqual([3, 5]);
  });
});
