// A coupon's discount on a set of lines: which lines its scope covers, whether their subtotal reaches the
// threshold, the discount (fixed, or a percentage with a cap, rounded half up), clamped to what those lines
// pay, and each line's share of it.
import { FULL_BP, assertCents, basisPointsOf, splitByLargestRemainder } from './money';

/** Which lines a coupon counts: the whole store, goods under some categories, or some goods. */
export type CouponScope =
  | { kind: 'store' }
  /** A line counts when any of its `categoryIds` (its goods' category and that category's ancestors) is listed. */
  | { kind: 'categories'; categoryIds: readonly number[] }
  | { kind: 'goods'; goodsIds: readonly number[] };

/** A coupon template's price rules (what a claimed coupon copies). */
export type CouponRule =
  | { kind: 'fixed'; amountCents: number; thresholdCents: number; scope: CouponScope }
  | {
      kind: 'percent';
      /** The part taken off, in basis points: 1500 = 15 % off (a "8.5折" coupon). 1…10,000. */
      percentOffBp: number;
      /** The most the percentage may take off, in cents; null: no cap. */
      capCents: number | null;
      thresholdCents: number;
      scope: CouponScope;
    };

/** A line as a coupon sees it: what the line pays before the coupon (after any promotion price). */
export interface CouponLine {
  goodsId: number;
  categoryIds: readonly number[];
  payableCents: number;
}

export type CouponOutcome =
  | { applied: true; discountCents: number; scopedPayableCents: number; shares: number[] }
  | { applied: false; reason: 'outOfScope' | 'belowThreshold'; discountCents: 0; scopedPayableCents: number; shares: number[] };

export function inScope(scope: CouponScope, line: Pick<CouponLine, 'goodsId' | 'categoryIds'>): boolean {
  switch (scope.kind) {
    case 'store':
      return true;
    case 'categories':
      return line.categoryIds.some((id) => scope.categoryIds.includes(id));
    case 'goods':
      return scope.goodsIds.includes(line.goodsId);
  }
}

function checkRule(rule: CouponRule): void {
  assertCents(rule.thresholdCents, 'threshold');
  if (rule.kind === 'fixed') {
    assertCents(rule.amountCents, 'coupon amount');
  } else {
    if (!Number.isInteger(rule.percentOffBp) || rule.percentOffBp < 1 || rule.percentOffBp > FULL_BP) throw new RangeError(`percentOffBp must be 1…${FULL_BP}, got ${rule.percentOffBp}`);
    if (rule.capCents !== null) assertCents(rule.capCents, 'cap');
  }
}

/**
 * The coupon's discount on `lines` and each line's share (0 for lines outside the scope). The threshold is
 * met when the scoped lines' payable subtotal is at least `thresholdCents`. The discount is never more than
 * that subtotal; the shares split it by the largest remainder in proportion to each scoped line's payable.
 */
export function couponDiscount(rule: CouponRule, lines: readonly CouponLine[]): CouponOutcome {
  checkRule(rule);
  const scoped = lines.map((line) => inScope(rule.scope, line));
  const weights = lines.map((line, index) => {
    assertCents(line.payableCents, `line ${index} payable`);
    return scoped[index] ? line.payableCents : 0;
  });
  const scopedPayableCents = weights.reduce((sum, weight) => sum + weight, 0);
  const none = lines.map(() => 0);
  if (!scoped.some(Boolean)) return { applied: false, reason: 'outOfScope', discountCents: 0, scopedPayableCents, shares: none };
  if (scopedPayableCents < rule.thresholdCents) return { applied: false, reason: 'belowThreshold', discountCents: 0, scopedPayableCents, shares: none };

  let raw: number;
  if (rule.kind === 'fixed') raw = rule.amountCents;
  else {
    const percent = basisPointsOf(scopedPayableCents, rule.percentOffBp);
    raw = rule.capCents === null ? percent : Math.min(percent, rule.capCents);
  }
  const discountCents = Math.min(raw, scopedPayableCents);
  return { applied: true, discountCents, scopedPayableCents, shares: splitByLargestRemainder(discountCents, weights) };
}
