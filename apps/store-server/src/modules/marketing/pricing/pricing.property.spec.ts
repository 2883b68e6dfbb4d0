import fc from 'fast-check';
import { FULL_BP, basisPointsOf, couponDiscount, priceCart, splitByLargestRemainder, type CartLine, type CouponRule, type CouponScope } from './index';

// Up to 10 million yuan per line: totals stay far inside the safe integer range, as real carts do.
const cents = fc.integer({ min: 0, max: 1_000_000_000 });
const ids = fc.integer({ min: 1, max: 8 });

const cartLine: fc.Arbitrary<CartLine> = fc.record({
  skuId: ids,
  goodsId: ids,
  categoryIds: fc.uniqueArray(ids, { maxLength: 3 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  listUnitCents: fc.integer({ min: 0, max: 10_000_000 }),
});

const scope: fc.Arbitrary<CouponScope> = fc.oneof(
  fc.constant({ kind: 'store' as const }),
  fc.record({ kind: fc.constant('categories' as const), categoryIds: fc.uniqueArray(ids, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('goods' as const), goodsIds: fc.uniqueArray(ids, { maxLength: 4 }) }),
);

const coupon: fc.Arbitrary<CouponRule> = fc.oneof(
  fc.record({ kind: fc.constant('fixed' as const), amountCents: cents, thresholdCents: cents, scope }),
  fc.record({
    kind: fc.constant('percent' as const),
    percentOffBp: fc.integer({ min: 1, max: FULL_BP }),
    capCents: fc.option(cents, { nil: null }),
    thresholdCents: fc.integer({ min: 0, max: 50_000_000 }),
    scope,
  }),
);

const unitPrices = fc.array(fc.tuple(ids, fc.integer({ min: 0, max: 10_000_000 })), { maxLength: 8 }).map((pairs) => new Map(pairs));

describe('property: splitting a discount by the largest remainder', () => {
  it('is exact, whole-cent, within each weight, and zero on zero weights, for arbitrary carts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2_000_000_000 }), { minLength: 1, maxLength: 60 }).chain((weights) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          return fc.tuple(fc.constant(weights), fc.integer({ min: 0, max: sum }));
        }),
        ([weights, total]) => {
          const shares = splitByLargestRemainder(total, weights);
          expect(shares).toHaveLength(weights.length);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          // Plain checks inside the loops (one expect each) keep hundreds of runs quick; fast-check reports the failing case.
          expect(shares.filter((share, i) => !Number.isInteger(share) || share < 0 || share > weights[i] || (weights[i] === 0 && share !== 0))).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is proportional: each share is within one cent of total × weight / Σweights', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 50 }), fc.nat(), (weights, seed) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const total = seed % (sum + 1);
        // |share × Σ − total × weight| < Σ, in integers.
        const shares = splitByLargestRemainder(total, weights);
        expect(shares.filter((share, i) => Math.abs(share * sum - total * weights[i]) >= sum)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('property: percentages round half up', () => {
  it('matches ⌊(cents × bp + 5,000) / 10,000⌋ computed in BigInt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: FULL_BP }), (amount, bp) => {
        const expected = (BigInt(amount) * BigInt(bp) + 5000n) / 10000n;
        expect(BigInt(basisPointsOf(amount, bp))).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('property: a coupon on any lines', () => {
  it('never takes more than the scoped lines pay, and its shares sum to the discount', () => {
    fc.assert(
      fc.property(coupon, fc.array(cartLine, { maxLength: 50 }), (rule, lines) => {
        const couponLines = lines.map((l) => ({ goodsId: l.goodsId, categoryIds: l.categoryIds, payableCents: l.listUnitCents * l.quantity }));
        const outcome = couponDiscount(rule, couponLines);
        expect(outcome.discountCents).toBeGreaterThanOrEqual(0);
        expect(outcome.discountCents).toBeLessThanOrEqual(outcome.scopedPayableCents);
        if (rule.kind === 'fixed') expect(outcome.discountCents).toBeLessThanOrEqual(rule.amountCents);
        if (rule.kind === 'percent' && rule.capCents !== null) expect(outcome.discountCents).toBeLessThanOrEqual(rule.capCents);
        expect(outcome.shares.reduce((a, b) => a + b, 0)).toBe(outcome.discountCents);
        expect(outcome.shares.filter((share, i) => share < 0 || share > couponLines[i].payableCents)).toEqual([]);
        if (outcome.applied) expect(outcome.scopedPayableCents).toBeGreaterThanOrEqual(rule.thresholdCents);
      }),
      { numRuns: 400 },
    );
  });
});

describe('property: a cart under stacked promotions', () => {
  it('never goes negative, never pays more than list, and its lines sum to its totals', () => {
    fc.assert(
      fc.property(fc.array(cartLine, { maxLength: 50 }), unitPrices, unitPrices, fc.option(coupon, { nil: null }), (lines, sale, group, rule) => {
        const priced = priceCart(lines, { saleUnitCents: sale, groupUnitCents: group, coupon: rule });
        const sum = (pick: (l: (typeof priced.lines)[number]) => number) => priced.lines.reduce((t, l) => t + pick(l), 0);
        const badLines = priced.lines.filter(
          (l) =>
            ![l.listCents, l.promotionUnitCents, l.promotionCents, l.couponShareCents, l.payableCents].every((amount) => Number.isSafeInteger(amount) && amount >= 0) ||
            l.promotionUnitCents > l.listUnitCents ||
            l.couponShareCents > l.promotionCents ||
            l.payableCents !== l.promotionCents - l.couponShareCents,
        );
        expect(badLines).toEqual([]);
        const { totals } = priced;
        expect(sum((l) => l.listCents)).toBe(totals.listCents);
        expect(sum((l) => l.couponShareCents)).toBe(totals.couponDiscountCents);
        expect(sum((l) => l.payableCents)).toBe(totals.payableCents);
        expect(totals.listCents - totals.promotionDiscountCents - totals.couponDiscountCents).toBe(totals.payableCents);
        expect(Math.min(totals.promotionDiscountCents, totals.couponDiscountCents, totals.payableCents)).toBeGreaterThanOrEqual(0);
        expect(totals.couponDiscountCents).toBe(priced.coupon?.discountCents ?? 0);
      }),
      { numRuns: 300 },
    );
  });
});
