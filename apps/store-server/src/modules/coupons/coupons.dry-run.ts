// The dry run (issue 28, "Beyond the anchors"; docs/marketing.md "Dry run"): what a coupon would have cost over
// the last 30 days of orders, as if each order's buyer had had it. Every order is priced by the price
// calculation's own `couponDiscount` (modules/marketing), with each line's goods id and category path, so the
// scope, threshold, percentage rounding, cap and clamp are exactly the ones an order placed with the coupon gets.
import { COUPON_DRY_RUN_TOP, type EndpointAnswer, type couponEndpoints } from '@merchant/api-contracts';
import { FULL_BP, couponDiscount, type CouponLine, type CouponRule } from '../marketing';
import type { DryRunLine } from './coupons.repository';

export type CouponDryRunResult = EndpointAnswer<(typeof couponEndpoints)['couponDryRun']>;
type TopOrder = CouponDryRunResult['top'][number];

/** ⌊(a / b) + ½⌋ for non-negative safe integers (b > 0), exact beyond 2^53 for the product. */
function ratioHalfUp(numerator: number, denominator: number, scale = 1): number {
  const n = BigInt(numerator) * BigInt(scale);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}

/** Keeps the `size` largest discounts: larger first, then the older order (smaller id) first. */
function keepTop(top: TopOrder[], candidate: TopOrder, size: number): void {
  const before = (a: TopOrder, b: TopOrder) => a.discountCents > b.discountCents || (a.discountCents === b.discountCents && a.orderId < b.orderId);
  if (top.length === size && !before(candidate, top[size - 1]!)) return;
  let at = top.length;
  while (at > 0 && before(candidate, top[at - 1]!)) at--;
  top.splice(at, 0, candidate);
  if (top.length > size) top.pop();
}

/**
 * Replays `rule` over `lines` (ordered by order, as the repository reads them): per order, the coupon's discount
 * on that order's lines (what they paid before any coupon). The window is echoed back as given.
 */
export function replayCoupon(rule: CouponRule, lines: readonly DryRunLine[], window: { fromSeconds: number; toSeconds: number }): CouponDryRunResult {
  let orders = 0;
  let qualifying = 0;
  let discountCents = 0;
  let revenueCents = 0;
  const top: TopOrder[] = [];
  let start = 0;
  while (start < lines.length) {
    const first = lines[start]!;
    let end = start;
    const orderLines: CouponLine[] = [];
    let linesCents = 0;
    while (end < lines.length && lines[end]!.orderId === first.orderId) {
      const line = lines[end]!;
      orderLines.push({ goodsId: line.goodsId, categoryIds: line.categoryIds, payableCents: line.lineCents });
      linesCents += line.lineCents;
      end++;
    }
    start = end;
    orders++;
    revenueCents += linesCents;
    const outcome = couponDiscount(rule, orderLines);
    if (!outcome.applied) continue;
    qualifying++;
    discountCents += outcome.discountCents;
    keepTop(top, { orderId: first.orderId, orderNo: first.orderNo, createTime: first.createdAt, linesCents, discountCents: outcome.discountCents }, COUPON_DRY_RUN_TOP);
  }
  return {
    from: window.fromSeconds,
    to: window.toSeconds,
    orders,
    qualifying,
    discountCents,
    averageDiscountCents: qualifying === 0 ? 0 : ratioHalfUp(discountCents, qualifying),
    revenueCents,
    revenueShareBp: revenueCents === 0 ? 0 : ratioHalfUp(discountCents, revenueCents, FULL_BP),
    top,
  };
}
