// The margin guard: the merchant sets a floor unit price per SKU; a promotion price, or a coupon share, that
// would sell a SKU below it is refused, and the refusal names every such SKU.
//
// The coupon check is per line: payableCents ≥ floor × quantity. With whole-cent floors this is the same as
// checking every unit: spreading the line's coupon share over its units in whole cents as evenly as
// possible, the cheapest unit pays ⌊payable / quantity⌋, and ⌊payable / quantity⌋ ≥ floor ⟺ payable ≥ floor × quantity.
import type { PricedCart } from './cart';
import { assertCents } from './money';

export interface MarginViolation {
  skuId: number;
  /** 'promotion': the sale or group-buy unit price is below the floor; 'coupon': the line's payable after its coupon share is below floor × quantity. */
  stage: 'promotion' | 'coupon';
  floorUnitCents: number;
  /** For 'promotion' the unit price; for 'coupon' the line's payable. */
  priceCents: number;
  /** For 'promotion' the floor; for 'coupon' floor × quantity. */
  minimumCents: number;
}

export interface MarginRefusal {
  /** The SKUs that would sell below their floor, ascending, each once. */
  skuIds: number[];
  violations: MarginViolation[];
}

const refusalOf = (violations: MarginViolation[]): MarginRefusal | null =>
  violations.length === 0 ? null : { skuIds: [...new Set(violations.map((v) => v.skuId))].sort((a, b) => a - b), violations };

/**
 * Promotion prices as a merchant sets them (a sale's or a group buy's price per SKU) against the floors:
 * null when none is below its SKU's floor. A SKU without a floor is not limited.
 */
export function checkPromotionPrices(unitPrices: ReadonlyMap<number, number>, floors: ReadonlyMap<number, number>): MarginRefusal | null {
  const violations: MarginViolation[] = [];
  for (const [skuId, priceCents] of unitPrices) {
    assertCents(priceCents, `SKU ${skuId} promotion price`);
    const floor = floors.get(skuId);
    if (floor === undefined) continue;
    assertCents(floor, `SKU ${skuId} floor`);
    if (priceCents < floor) violations.push({ skuId, stage: 'promotion', floorUnitCents: floor, priceCents, minimumCents: floor });
  }
  return refusalOf(violations);
}

/** A priced cart against the floors: each line's promotion unit price, then its payable after the coupon share. */
export function checkCartMargin(cart: PricedCart, floors: ReadonlyMap<number, number>): MarginRefusal | null {
  const violations: MarginViolation[] = [];
  for (const line of cart.lines) {
    const floor = floors.get(line.skuId);
    if (floor === undefined) continue;
    assertCents(floor, `SKU ${line.skuId} floor`);
    if (line.promotion !== 'none' && line.promotionUnitCents < floor) {
      violations.push({ skuId: line.skuId, stage: 'promotion', floorUnitCents: floor, priceCents: line.promotionUnitCents, minimumCents: floor });
    } else if (line.couponShareCents > 0 && line.payableCents < floor * line.quantity) {
      violations.push({ skuId: line.skuId, stage: 'coupon', floorUnitCents: floor, priceCents: line.payableCents, minimumCents: floor * line.quantity });
    }
  }
  return refusalOf(violations);
}
