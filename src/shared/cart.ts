/**
 * A cart's arithmetic (docs/decisions/082), isomorphic: one payment's tax split over its orders.
 */

/**
 * Splits `totalCents` over parts in proportion to `weights` (each order's amount), in whole
 * cents that add up to exactly the total: each part gets the floor of its share, and the cents
 * left go to the largest remainders (the earlier part on a tie). All weights 0: all to the first.
 */
export function splitByAmounts(totalCents: number, weights: readonly number[]): number[] {
  if (!weights.length) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? totalCents : 0));
  const parts = weights.map((w) => Math.floor((totalCents * w) / sum));
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const byRemainder = weights.map((w, i) => ({ i, remainder: (totalCents * w) % sum })).sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
