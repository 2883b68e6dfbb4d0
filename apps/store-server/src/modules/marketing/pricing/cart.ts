// The price of a cart under stacked promotions, in this order:
//   1. a time-limited sale price per SKU,
//   2. a group-buy price per SKU (each step only ever lowers a unit price: a promotion price above the
//      current one is ignored, so the line gets the lowest of list, sale and group-buy prices),
//   3. one coupon, on the lines' payable after steps 1–2, split over its scoped lines by the largest remainder.
// Every amount is integer cents and never negative.
import { couponDiscount, type CouponOutcome, type CouponRule } from './coupon';
import { assertCents } from './money';

export interface CartLine {
  skuId: number;
  goodsId: number;
  /** The goods' category and that category's ancestors (for a coupon scoped to categories). */
  categoryIds: readonly number[];
  quantity: number;
  listUnitCents: number;
}

export interface CartPromotions {
  /** Time-limited sale price per SKU id, for the sales running now. */
  saleUnitCents?: ReadonlyMap<number, number>;
  /** Group-buy price per SKU id, when the cart is bought through a group. */
  groupUnitCents?: ReadonlyMap<number, number>;
  coupon?: CouponRule | null;
}

export type PromotionKind = 'none' | 'sale' | 'groupBuy';

export interface PricedLine {
  skuId: number;
  goodsId: number;
  quantity: number;
  listUnitCents: number;
  /** listUnitCents × quantity. */
  listCents: number;
  /** Which promotion set the unit price ('none': the list price). */
  promotion: PromotionKind;
  promotionUnitCents: number;
  /** promotionUnitCents × quantity: what the line pays before the coupon. */
  promotionCents: number;
  couponShareCents: number;
  /** promotionCents − couponShareCents. */
  payableCents: number;
}

export interface PricedCart {
  lines: PricedLine[];
  coupon: CouponOutcome | null;
  totals: { listCents: number; promotionDiscountCents: number; couponDiscountCents: number; payableCents: number };
}

function lineTotal(unitCents: number, quantity: number, what: string): number {
  const total = unitCents * quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError(`${what}: ${unitCents} × ${quantity} cents is beyond the safe integer range`);
  return total;
}

export function priceCart(lines: readonly CartLine[], promotions: CartPromotions = {}): PricedCart {
  const promoted = lines.map((line, index) => {
    assertCents(line.listUnitCents, `line ${index} list price`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError(`line ${index} quantity must be a positive whole number, got ${line.quantity}`);
    let unit = line.listUnitCents;
    let promotion: PromotionKind = 'none';
    const sale = promotions.saleUnitCents?.get(line.skuId);
    if (sale !== undefined) {
      assertCents(sale, `SKU ${line.skuId} sale price`);
      if (sale < unit) [unit, promotion] = [sale, 'sale'];
    }
    const group = promotions.groupUnitCents?.get(line.skuId);
    if (group !== undefined) {
      assertCents(group, `SKU ${line.skuId} group price`);
      if (group < unit) [unit, promotion] = [group, 'groupBuy'];
    }
    return {
      line,
      listCents: lineTotal(line.listUnitCents, line.quantity, `line ${index}`),
      promotion,
      promotionUnitCents: unit,
      promotionCents: lineTotal(unit, line.quantity, `line ${index}`),
    };
  });

  const coupon = promotions.coupon
    ? couponDiscount(
        promotions.coupon,
        promoted.map((p) => ({ goodsId: p.line.goodsId, categoryIds: p.line.categoryIds, payableCents: p.promotionCents })),
      )
    : null;

  const priced: PricedLine[] = promoted.map((p, index) => {
    const couponShareCents = coupon ? coupon.shares[index] : 0;
    return {
      skuId: p.line.skuId,
      goodsId: p.line.goodsId,
      quantity: p.line.quantity,
      listUnitCents: p.line.listUnitCents,
      listCents: p.listCents,
      promotion: p.promotion,
      promotionUnitCents: p.promotionUnitCents,
      promotionCents: p.promotionCents,
      couponShareCents,
      payableCents: p.promotionCents - couponShareCents,
    };
  });
  const sum = (pick: (line: PricedLine) => number) => priced.reduce((total, line) => total + pick(line), 0);
  const listCents = sum((line) => line.listCents);
  const promotionCents = sum((line) => line.promotionCents);
  const payableCents = sum((line) => line.payableCents);
  return {
    lines: priced,
    coupon,
    totals: { listCents, promotionDiscountCents: listCents - promotionCents, couponDiscountCents: promotionCents - payableCents, payableCents },
  };
}
