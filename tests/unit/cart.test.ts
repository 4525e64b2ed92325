/** A cart's payment split over its orders (src/shared/cart.ts, docs/decisions/082): whole cents that add up. */
import { describe, expect, it } from 'vitest';
import { splitByAmounts } from '@/src/shared/cart';

describe('splitByAmounts', () => {
  it('splits in proportion to the amounts, exactly when it divides', () => {
    expect(splitByAmounts(684, [2100, 1500])).toEqual([399, 285]);
    expect(splitByAmounts(0, [2100, 1500])).toEqual([0, 0]);
    expect(splitByAmounts(500, [1000])).toEqual([500]);
  });

  it('gives the cents left over to the largest remainders, the earlier part on a tie, always adding up to the total', () => {
    expect(splitByAmounts(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByAmounts(10, [1, 2])).toEqual([3, 7]);
    for (const [total, weights] of [
      [999, [1999, 2999, 4999]],
      [1, [1, 1]],
      [12345, [7, 11, 13, 17]],
    ] as const) {
      const parts = splitByAmounts(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
    }
  });

  it('puts everything on the first part when no part has an amount, and nothing when there are none', () => {
    expect(splitByAmounts(7, [0, 0])).toEqual([7, 0]);
    expect(splitByAmounts(7, [])).toEqual([]);
  });
});
