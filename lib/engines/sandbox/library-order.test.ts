import { describe, expect, it } from 'vitest';
import { chooseSearchFirst, flippedPairs, keepAhead, type LibraryNames, sharedNamePairs } from './library-order';

/** A library named `file` defining the names (numbers stand for name hashes). */
const lib = (file: string, ...names: number[]): LibraryNames => ({ file, names: Uint32Array.from(names).sort() });
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('sharedNamePairs', () => {
  it('pairs every two libraries that define a common name, earlier first', () => {
    const pairs = sharedNamePairs([lib('a', 1, 2), lib('b', 3), lib('c', 1, 4), lib('d', 1, 4, 4)]);
    expect(pairs.sort()).toEqual([
      [0, 2],
      [0, 3],
      [2, 3],
    ]);
  });
});

describe('chooseSearchFirst', () => {
  it('puts the libraries that define the most names first, never ahead of an earlier one sharing a name', () => {
    // c shares name 1 with a, which comes before it in the loader's list.
    const libraries = [lib('a', 1), lib('b', 2), lib('c', 1, ...range(100, 5)), lib('d', ...range(200, 10))];
    const order = chooseSearchFirst(libraries, sharedNamePairs(libraries));
    expect(order[0]).toBe('d');
    expect(order).toContain('c');
    // a goes with c, just ahead of it, before the small b.
    expect(order.indexOf('a')).toBe(order.indexOf('c') - 1);
    expect(order.indexOf('c')).toBeLessThan(order.indexOf('b'));
  });

  it('leaves a library in place when it would bring too many earlier ones ahead with it', () => {
    const earlier = range(0, 7).map((i) => lib(`e${i}`, 1000 + i));
    const big = lib('big', ...range(1000, 7), ...range(5000, 50));
    const libraries = [...earlier, big, lib('other', ...range(9000, 20))];
    const order = chooseSearchFirst(libraries, sharedNamePairs(libraries));
    expect(order).not.toContain('big');
    expect(order[0]).toBe('other');
  });
});

describe('flippedPairs', () => {
  const original = ['a', 'b', 'c'];
  it('finds the pairs sharing a name whose order the new list turns round', () => {
    expect(flippedPairs(original, ['c', 'a', 'b'], [[0, 1]])).toEqual([]);
    expect(flippedPairs(original, ['c', 'a', 'b'], [[0, 2]])).toEqual([[0, 2]]);
  });

  it('answers null when the new list does not hold the same libraries', () => {
    expect(flippedPairs(original, ['a', 'b'], [])).toBeNull();
    expect(flippedPairs(original, ['a', 'b', 'x'], [])).toBeNull();
  });
});

describe('keepAhead', () => {
  it('puts the earlier library of a flipped pair just ahead of the later one, or last', () => {
    expect(
      keepAhead(
        ['x', 'later'],
        [
          ['earlier', 'later'],
          ['dep', 'elsewhere'],
        ],
      ),
    ).toEqual(['x', 'earlier', 'later', 'dep']);
  });
});
