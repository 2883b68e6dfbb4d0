// Integer-cent arithmetic for promotions. Money is whole cents (safe integers) everywhere; a percentage is
// integer basis points (1 bp = 0.01 %, 10,000 bp = 100 %). No float ever holds an amount.

/** 100 % in basis points. */
export const FULL_BP = 10_000;

/** Refuses anything but a non-negative safe integer: an amount in cents, a quantity, a price. */
export function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative whole number of cents, got ${value}`);
}

/**
 * `cents × bp / 10,000`, rounded half up to a whole cent (x.5 cents → x + 1). Exact for every safe `cents`:
 * the product is taken in two parts (whole 10,000s and the rest) so it never leaves the safe integer range.
 */
export function basisPointsOf(cents: number, bp: number): number {
  assertCents(cents, 'amount');
  if (!Number.isInteger(bp) || bp < 0 || bp > FULL_BP) throw new RangeError(`basis points must be a whole number in 0…${FULL_BP}, got ${bp}`);
  const wholes = Math.floor(cents / FULL_BP);
  const rest = cents - wholes * FULL_BP;
  return wholes * bp + Math.floor((rest * bp + FULL_BP / 2) / FULL_BP);
}

/**
 * Splits `totalCents` across `weights` (each line's payable cents) in whole cents by the largest remainder:
 * each share is first ⌊total × weight / Σweights⌋, then the cents left over go one each to the shares with
 * the largest remainders; equal remainders go to the earlier index (line order). So the shares sum exactly
 * to the total, and, as `totalCents ≤ Σweights`, no share exceeds its weight and a zero weight gets 0.
 */
export function splitByLargestRemainder(totalCents: number, weights: readonly number[]): number[] {
  assertCents(totalCents, 'total');
  weights.forEach((weight, index) => assertCents(weight, `weight ${index}`));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (!Number.isSafeInteger(weightSum)) throw new RangeError('the weights sum beyond the safe integer range');
  if (totalCents > weightSum) throw new RangeError(`cannot split ${totalCents} cents over weights summing to ${weightSum}`);
  if (totalCents === 0) return weights.map(() => 0);

  // Number arithmetic while total × weight stays exact, BigInt beyond (only for very large carts).
  const exact = Number.isSafeInteger(totalCents * weightSum);
  const shares: number[] = [];
  const remainders: { index: number; remainder: number | bigint }[] = [];
  let given = 0;
  weights.forEach((weight, index) => {
    let share: number;
    let remainder: number | bigint;
    if (exact) {
      const product = totalCents * weight;
      share = Math.floor(product / weightSum);
      remainder = product - share * weightSum;
    } else {
      const product = BigInt(totalCents) * BigInt(weight);
      share = Number(product / BigInt(weightSum));
      remainder = product % BigInt(weightSum);
    }
    shares.push(share);
    remainders.push({ index, remainder });
    given += share;
  });
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (let left = totalCents - given, at = 0; left > 0; left--, at++) shares[remainders[at].index] += 1;
  return shares;
}
