import { priceCart, type CouponRule, type PricedCart, type PromotionKind } from '../marketing';
import { notFound, specText, type OrderLine, type OrderableSku, type PricedItem } from './orders.domain';

// An order's amounts under its promotion and coupon (docs/orders.md "Promotions and coupons"): the marketing
// module's price calculation decides every cent; this file only maps an order's lines onto it and back.

/** A time-limited sale or group buy the order is placed through (its module checked it and took its stock). */
export interface OrderPromotion {
  kind: 'sale' | 'groupBuy';
  activityId: number;
  /** The promotion's unit price per SKU id, in cents; a line without one pays its list price. */
  unitCents: ReadonlyMap<number, number>;
  /** Group buy: once paid, the order waits for its team and cannot ship until the team forms. */
  holdForTeam?: boolean;
}

/** A line as stored: what it paid per unit before the coupon, its list unit price, the promotion that set it and its coupon share. */
export interface PromotedItem extends PricedItem {
  listUnitCents: number;
  promotion: PromotionKind;
  couponShareCents: number;
}

export interface PromotedOrder {
  items: PromotedItem[];
  /** What the buyer pays: list − promotion discount − coupon discount. */
  amountCents: number;
  listCents: number;
  promotionDiscountCents: number;
  couponDiscountCents: number;
  serviceOrder: boolean;
  /** Why the coupon took nothing (below its threshold, no line in scope); null when it applied or there was none. */
  couponNotApplied: 'belowThreshold' | 'outOfScope' | null;
  /** The price calculation's own answer, for the margin guard (checkCartMargin). */
  cart: PricedCart;
}

/**
 * Prices the order's lines: list prices from the SKUs, the promotion's unit prices, then the coupon on what the
 * lines pay after them. `categoryPaths` gives each goods category with its ancestors (for a category-scoped coupon).
 */
export function priceWithPromotions(
  lines: readonly OrderLine[],
  skus: ReadonlyMap<number, OrderableSku>,
  categoryPaths: ReadonlyMap<number, readonly number[]>,
  promotion: OrderPromotion | undefined,
  coupon: CouponRule | null,
): PromotedOrder {
  const cartLines = lines.map((line) => {
    const sku = skus.get(line.skuId);
    if (!sku) throw notFound({ zh: '商品规格', en: `SKU ${line.skuId}` });
    return { sku, line, cart: { skuId: sku.skuId, goodsId: sku.goodsId, categoryIds: sku.categoryId === null ? [] : (categoryPaths.get(sku.categoryId) ?? [sku.categoryId]), quantity: line.quantity, listUnitCents: sku.priceCents } };
  });
  const cart = priceCart(
    cartLines.map((entry) => entry.cart),
    {
      saleUnitCents: promotion?.kind === 'sale' ? promotion.unitCents : undefined,
      groupUnitCents: promotion?.kind === 'groupBuy' ? promotion.unitCents : undefined,
      coupon,
    },
  );
  const items = cart.lines.map((priced, index): PromotedItem => {
    const { sku, line } = cartLines[index] as (typeof cartLines)[number];
    return {
      goodsId: sku.goodsId,
      skuId: sku.skuId,
      title: sku.title,
      specText: specText(sku.specValues),
      imageUrl: sku.imageUrl,
      imageFileId: sku.imageFileId,
      unitPriceCents: priced.promotionUnitCents,
      quantity: line.quantity,
      service: sku.service || line.withService === true,
      listUnitCents: priced.listUnitCents,
      promotion: priced.promotion,
      couponShareCents: priced.couponShareCents,
    };
  });
  return {
    items,
    amountCents: cart.totals.payableCents,
    listCents: cart.totals.listCents,
    promotionDiscountCents: cart.totals.promotionDiscountCents,
    couponDiscountCents: cart.totals.couponDiscountCents,
    serviceOrder: items.some((item) => item.service),
    couponNotApplied: cart.coupon && !cart.coupon.applied ? cart.coupon.reason : null,
    cart,
  };
}
