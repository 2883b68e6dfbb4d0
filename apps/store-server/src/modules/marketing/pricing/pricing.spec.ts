import { FULL_BP, basisPointsOf, checkCartMargin, checkPromotionPrices, couponDiscount, priceCart, splitByLargestRemainder, type CartLine, type CouponLine, type CouponRule } from './index';

const store = { kind: 'store' } as const;
const line = (goodsId: number, payableCents: number, categoryIds: number[] = []): CouponLine => ({ goodsId, categoryIds, payableCents });

describe('basisPointsOf: percentages in basis points, rounded half up to a cent', () => {
  it('rounds x.5 cents up and x.49 down', () => {
    expect(basisPointsOf(5, 1000)).toBe(1); // 0.5 → 1
    expect(basisPointsOf(15, 1000)).toBe(2); // 1.5 → 2
    expect(basisPointsOf(14, 1000)).toBe(1); // 1.4 → 1
    expect(basisPointsOf(333, 1500)).toBe(50); // 49.95 → 50
    expect(basisPointsOf(3, 1500)).toBe(0); // 0.45 → 0
    expect(basisPointsOf(1, 5000)).toBe(1); // 0.5 → 1
    expect(basisPointsOf(1, 4999)).toBe(0); // 0.4999 → 0
  });

  it('is exact for amounts whose product with the basis points leaves the safe integer range', () => {
    const cents = Number.MAX_SAFE_INTEGER - 1; // 9007199254740990, even
    expect(basisPointsOf(cents, 5000)).toBe(cents / 2);
    expect(basisPointsOf(cents, FULL_BP)).toBe(cents);
  });

  it('refuses fractions and out-of-range percentages', () => {
    expect(() => basisPointsOf(1.5, 100)).toThrow(RangeError);
    expect(() => basisPointsOf(-1, 100)).toThrow(RangeError);
    expect(() => basisPointsOf(100, 10_001)).toThrow(RangeError);
    expect(() => basisPointsOf(100, 12.5)).toThrow(RangeError);
  });
});

describe('splitByLargestRemainder', () => {
  it('gives the left-over cents to the largest remainders', () => {
    // 100 × (100, 200, 300) / 600 = 16.67, 33.33, 50 → floors 16, 33, 50 (99); the one cent left goes to 16.67.
    expect(splitByLargestRemainder(100, [100, 200, 300])).toEqual([17, 33, 50]);
  });

  it('breaks equal remainders by line order, earlier first', () => {
    expect(splitByLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(splitByLargestRemainder(1, [5, 5])).toEqual([1, 0]);
    expect(splitByLargestRemainder(10, [30, 30, 30])).toEqual([4, 3, 3]);
  });

  it('gives zero-weight lines nothing and never more than a weight', () => {
    expect(splitByLargestRemainder(7, [0, 7, 0])).toEqual([0, 7, 0]);
    expect(splitByLargestRemainder(3, [1, 1, 1, 0])).toEqual([1, 1, 1, 0]);
  });

  it('splits exactly beyond the safe range of total × weight (the BigInt path)', () => {
    const big = 4_000_000_000_000; // 40 billion yuan: total × weight passes 2^53
    const shares = splitByLargestRemainder(big - 1, [big / 2, big / 2]);
    expect(shares).toEqual([big / 2, big / 2 - 1]);
  });

  it('refuses a total above the weights and non-integer input', () => {
    expect(() => splitByLargestRemainder(11, [5, 5])).toThrow(RangeError);
    expect(() => splitByLargestRemainder(1.5, [5, 5])).toThrow(RangeError);
    expect(() => splitByLargestRemainder(1, [0.5, 5])).toThrow(RangeError);
  });
});

describe('couponDiscount', () => {
  const fixed = (amountCents: number, thresholdCents = 0, scope: CouponRule['scope'] = store): CouponRule => ({ kind: 'fixed', amountCents, thresholdCents, scope });
  const percent = (percentOffBp: number, capCents: number | null, thresholdCents = 0, scope: CouponRule['scope'] = store): CouponRule => ({ kind: 'percent', percentOffBp, capCents, thresholdCents, scope });

  it('clamps a fixed discount to the payable of the scoped lines', () => {
    const outcome = couponDiscount(fixed(5000), [line(1, 1200), line(2, 800)]);
    expect(outcome).toMatchObject({ applied: true, discountCents: 2000, scopedPayableCents: 2000, shares: [1200, 800] });
  });

  it('clamps to the scoped lines only, not the whole cart', () => {
    const outcome = couponDiscount(fixed(5000, 0, { kind: 'goods', goodsIds: [2] }), [line(1, 9000), line(2, 800)]);
    expect(outcome).toMatchObject({ discountCents: 800, shares: [0, 800] });
  });

  it('takes a percentage rounded half up, then caps it', () => {
    // 15 % of 333 = 49.95 → 50.
    expect(couponDiscount(percent(1500, null), [line(1, 333)])).toMatchObject({ discountCents: 50 });
    // 10 % of 1005 = 100.5 → 101.
    expect(couponDiscount(percent(1000, null), [line(1, 1005)])).toMatchObject({ discountCents: 101 });
    // 10 % of 1004 = 100.4 → 100.
    expect(couponDiscount(percent(1000, null), [line(1, 1004)])).toMatchObject({ discountCents: 100 });
    // 50 % of 10,000 = 5,000, capped at 3,000.
    expect(couponDiscount(percent(5000, 3000), [line(1, 6000), line(2, 4000)])).toMatchObject({ discountCents: 3000, shares: [1800, 1200] });
  });

  it('takes the percentage of the scoped subtotal, and 100 % takes all of it', () => {
    expect(couponDiscount(percent(FULL_BP, null, 0, { kind: 'goods', goodsIds: [1] }), [line(1, 999), line(2, 500)])).toMatchObject({ discountCents: 999, shares: [999, 0] });
  });

  describe('threshold on the scoped subtotal', () => {
    const lines = [line(1, 6000), line(2, 3999)]; // 9,999 cents
    it('just below: not applied', () => {
      expect(couponDiscount(fixed(1000, 10_000), lines)).toEqual({ applied: false, reason: 'belowThreshold', discountCents: 0, scopedPayableCents: 9999, shares: [0, 0] });
    });
    it('at the threshold: applied', () => {
      expect(couponDiscount(fixed(1000, 9999), lines)).toMatchObject({ applied: true, discountCents: 1000 });
    });
    it('above: applied', () => {
      expect(couponDiscount(fixed(1000, 9998), lines)).toMatchObject({ applied: true, discountCents: 1000 });
    });
    it('counts only the scoped lines towards it', () => {
      // The whole cart is 9,999 but the scoped goods only 3,999.
      expect(couponDiscount(fixed(1000, 4000, { kind: 'goods', goodsIds: [2] }), lines)).toMatchObject({ applied: false, reason: 'belowThreshold' });
      expect(couponDiscount(fixed(1000, 3999, { kind: 'goods', goodsIds: [2] }), lines)).toMatchObject({ applied: true, shares: [0, 1000] });
    });
  });

  describe('scope', () => {
    const lines = [line(10, 3000, [100, 1]), line(20, 1000, [200, 1]), line(30, 1000, [300, 3])];

    it('whole store: every line, split by payable', () => {
      expect(couponDiscount(fixed(500), lines)).toMatchObject({ scopedPayableCents: 5000, shares: [300, 100, 100] });
    });

    it('categories: lines whose category or an ancestor is listed', () => {
      expect(couponDiscount(fixed(500, 0, { kind: 'categories', categoryIds: [1] }), lines)).toMatchObject({ scopedPayableCents: 4000, shares: [375, 125, 0] });
      expect(couponDiscount(fixed(500, 0, { kind: 'categories', categoryIds: [300] }), lines)).toMatchObject({ scopedPayableCents: 1000, shares: [0, 0, 500] });
    });

    it('goods: the listed goods only', () => {
      expect(couponDiscount(fixed(500, 0, { kind: 'goods', goodsIds: [10, 30] }), lines)).toMatchObject({ scopedPayableCents: 4000, shares: [375, 0, 125] });
    });

    it('no line in scope: not applied', () => {
      expect(couponDiscount(fixed(500, 0, { kind: 'goods', goodsIds: [99] }), lines)).toEqual({ applied: false, reason: 'outOfScope', discountCents: 0, scopedPayableCents: 0, shares: [0, 0, 0] });
    });
  });

  it('refuses malformed rules', () => {
    expect(() => couponDiscount(percent(0, null), [line(1, 100)])).toThrow(RangeError);
    expect(() => couponDiscount(percent(10_001, null), [line(1, 100)])).toThrow(RangeError);
    expect(() => couponDiscount(fixed(-1), [line(1, 100)])).toThrow(RangeError);
    expect(() => couponDiscount(fixed(1.5), [line(1, 100)])).toThrow(RangeError);
  });
});

describe('priceCart: sale price, then group-buy price, then one coupon', () => {
  const cart: CartLine[] = [
    { skuId: 1, goodsId: 10, categoryIds: [1], quantity: 2, listUnitCents: 1000 },
    { skuId: 2, goodsId: 20, categoryIds: [1], quantity: 1, listUnitCents: 3000 },
    { skuId: 3, goodsId: 30, categoryIds: [2], quantity: 3, listUnitCents: 500 },
  ];

  it('without promotions every line pays its list price', () => {
    const priced = priceCart(cart);
    expect(priced.lines.map((l) => [l.promotion, l.payableCents])).toEqual([['none', 2000], ['none', 3000], ['none', 1500]]);
    expect(priced.totals).toEqual({ listCents: 6500, promotionDiscountCents: 0, couponDiscountCents: 0, payableCents: 6500 });
    expect(priced.coupon).toBeNull();
  });

  it('stacks the three and reports each line and the totals', () => {
    const priced = priceCart(cart, {
      saleUnitCents: new Map([[1, 800], [2, 2900]]),
      groupUnitCents: new Map([[2, 2500], [3, 600]]), // 600 is above SKU 3's list price: ignored
      coupon: { kind: 'fixed', amountCents: 1000, thresholdCents: 4000, scope: { kind: 'categories', categoryIds: [1] } },
    });
    expect(priced.lines).toEqual([
      { skuId: 1, goodsId: 10, quantity: 2, listUnitCents: 1000, listCents: 2000, promotion: 'sale', promotionUnitCents: 800, promotionCents: 1600, couponShareCents: 390, payableCents: 1210 },
      { skuId: 2, goodsId: 20, quantity: 1, listUnitCents: 3000, listCents: 3000, promotion: 'groupBuy', promotionUnitCents: 2500, promotionCents: 2500, couponShareCents: 610, payableCents: 1890 },
      { skuId: 3, goodsId: 30, quantity: 3, listUnitCents: 500, listCents: 1500, promotion: 'none', promotionUnitCents: 500, promotionCents: 1500, couponShareCents: 0, payableCents: 1500 },
    ]);
    // Coupon scope subtotal after promotions: 1600 + 2500 = 4100 ≥ 4000; 1000 × 1600/4100 = 390.24, × 2500/4100 = 609.76 → 390 + 610.
    expect(priced.totals).toEqual({ listCents: 6500, promotionDiscountCents: 400 + 500, couponDiscountCents: 1000, payableCents: 4600 });
  });

  it('checks the coupon threshold against prices after the promotions', () => {
    const coupon: CouponRule = { kind: 'fixed', amountCents: 1000, thresholdCents: 6500, scope: store };
    expect(priceCart(cart, { coupon }).totals.couponDiscountCents).toBe(1000);
    expect(priceCart(cart, { coupon, saleUnitCents: new Map([[3, 499]]) }).coupon).toMatchObject({ applied: false, reason: 'belowThreshold' });
  });

  it('a free sale price and a whole-cart coupon never make anything negative', () => {
    const priced = priceCart(cart, { saleUnitCents: new Map([[1, 0]]), coupon: { kind: 'fixed', amountCents: 1_000_000, thresholdCents: 0, scope: store } });
    expect(priced.lines.map((l) => l.payableCents)).toEqual([0, 0, 0]);
    expect(priced.totals).toEqual({ listCents: 6500, promotionDiscountCents: 2000, couponDiscountCents: 4500, payableCents: 0 });
  });

  it('refuses a zero or fractional quantity and a fractional price', () => {
    expect(() => priceCart([{ ...cart[0], quantity: 0 }])).toThrow(RangeError);
    expect(() => priceCart([{ ...cart[0], quantity: 1.5 }])).toThrow(RangeError);
    expect(() => priceCart([{ ...cart[0], listUnitCents: 9.99 }])).toThrow(RangeError);
    expect(() => priceCart(cart, { saleUnitCents: new Map([[1, 7.5]]) })).toThrow(RangeError);
  });
});

describe('margin guard', () => {
  const floors = new Map([[1, 700], [2, 2600], [3, 450]]);

  it('refuses promotion prices below a floor and names those SKUs', () => {
    expect(checkPromotionPrices(new Map([[1, 700], [2, 2599], [3, 449], [4, 1]]), floors)).toEqual({
      skuIds: [2, 3],
      violations: [
        { skuId: 2, stage: 'promotion', floorUnitCents: 2600, priceCents: 2599, minimumCents: 2600 },
        { skuId: 3, stage: 'promotion', floorUnitCents: 450, priceCents: 449, minimumCents: 450 },
      ],
    });
    expect(checkPromotionPrices(new Map([[1, 700], [2, 2600], [4, 1]]), floors)).toBeNull();
  });

  const cart: CartLine[] = [
    { skuId: 1, goodsId: 10, categoryIds: [], quantity: 2, listUnitCents: 1000 },
    { skuId: 2, goodsId: 20, categoryIds: [], quantity: 1, listUnitCents: 3000 },
  ];

  it('names the SKU whose promotion price in the cart is below its floor', () => {
    const refusal = checkCartMargin(priceCart(cart, { groupUnitCents: new Map([[2, 2500]]) }), floors);
    expect(refusal).toMatchObject({ skuIds: [2], violations: [{ skuId: 2, stage: 'promotion', priceCents: 2500, minimumCents: 2600 }] });
  });

  it('checks the coupon share per line: payable against floor × quantity, at the boundary', () => {
    // SKU 1: 2 × 1000 with floor 700 → may take 600 off; SKU 2: 3000 with floor 2600 → may take 400 off.
    // A 1000-cent coupon splits 2000:3000 → 400 and 600: SKU 1 pays 1600 ≥ 1400, SKU 2 pays 2400 < 2600.
    const coupon = (amountCents: number): CouponRule => ({ kind: 'fixed', amountCents, thresholdCents: 0, scope: store });
    expect(checkCartMargin(priceCart(cart, { coupon: coupon(1000) }), floors)).toMatchObject({
      skuIds: [2],
      violations: [{ skuId: 2, stage: 'coupon', priceCents: 2400, minimumCents: 2600 }],
    });
    // 666 cents split 2000:3000 → 266.4 and 399.6 → 266 and 400: SKU 2 pays exactly its floor.
    expect(checkCartMargin(priceCart(cart, { coupon: coupon(666) }), floors)).toBeNull();
    // 670 → 268 and 402: SKU 2 pays 2598, two cents under.
    expect(checkCartMargin(priceCart(cart, { coupon: coupon(670) }), floors)?.skuIds).toEqual([2]);
  });

  it('does not refuse a list price below the floor on its own, only a promotion or coupon share on it', () => {
    const cheap: CartLine[] = [{ skuId: 1, goodsId: 10, categoryIds: [], quantity: 1, listUnitCents: 600 }];
    expect(checkCartMargin(priceCart(cheap), floors)).toBeNull();
    expect(checkCartMargin(priceCart(cheap, { coupon: { kind: 'fixed', amountCents: 1, thresholdCents: 0, scope: store } }), floors)?.skuIds).toEqual([1]);
  });

  it('names every SKU below its floor, each once', () => {
    const priced = priceCart(cart, { saleUnitCents: new Map([[1, 600]]), coupon: { kind: 'fixed', amountCents: 3000, thresholdCents: 0, scope: store } });
    expect(checkCartMargin(priced, floors)?.skuIds).toEqual([1, 2]);
  });
});
