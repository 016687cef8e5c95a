import { describe, expect, it } from 'vitest';
import { moveEntry, reconcileOrder } from './combine-order';

describe('combine order', () => {
  it('keeps the chosen order, drops removed files and appends new ones', () => {
    expect(reconcileOrder(['c', 'a', 'b'], ['a', 'b', 'c', 'd'])).toEqual(['c', 'a', 'b', 'd']);
    expect(reconcileOrder(['c', 'a', 'b'], ['a', 'b'])).toEqual(['a', 'b']);
  });
  it('moves an entry up, down and to either end, clamped', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveEntry(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });
});
