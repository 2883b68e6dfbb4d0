// Promotion price calculation: pure functions over integer cents (no database, no HTTP). See docs/marketing.md.
export { FULL_BP, assertCents, basisPointsOf, splitByLargestRemainder } from './money';
export { couponDiscount, inScope, type CouponLine, type CouponOutcome, type CouponRule, type CouponScope } from './coupon';
export { priceCart, type CartLine, type CartPromotions, type PricedCart, type PricedLine, type PromotionKind } from './cart';
export { checkCartMargin, checkPromotionPrices, type MarginRefusal, type MarginViolation } from './margin';
