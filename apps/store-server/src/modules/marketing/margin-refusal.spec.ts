import { STORE_CODES } from '@merchant/api-contracts';
import { checkCartMargin, checkPromotionPrices, marginFieldProblems, marginRefusalText, marginRefused, priceCart } from '.';

// The one text of the margin guard's refusals (modules/marketing/margin-refusal.ts), shared by the sales, group
// buys, activities and coupon orders: each SKU named once, with its floor in yuan, in both languages.
describe('margin refusals', () => {
  const floors = new Map([
    [123, 4_500],
    [77, 1_005],
  ]);

  it('names every SKU below its floor once, ascending, with its floor, in zh-CN and en-US', () => {
    const refusal = checkPromotionPrices(new Map([[123, 4_499], [77, 1_000], [5, 1]]), floors)!;
    expect(marginRefusalText(refusal)).toEqual({
      'zh-CN': 'SKU 77 低于底价 ¥10.05；SKU 123 低于底价 ¥45.00',
      'en-US': 'SKU 77 below its floor price ¥10.05; SKU 123 below its floor price ¥45.00',
    });
  });

  it('puts a belowFloor problem on the field of each offending price', () => {
    const refusal = checkPromotionPrices(new Map([[123, 4_499], [77, 1_005]]), floors);
    expect(marginFieldProblems(refusal, (skuId) => `skus.${skuId === 123 ? 0 : 1}.priceCents`)).toEqual([{ field: 'skus.0.priceCents', problem: { rule: 'belowFloor', limit: 4_500, values: [123] } }]);
    expect(marginFieldProblems(null, () => 'x')).toEqual([]);
  });

  it('refuses an order once per SKU even when two lines of it are below (10100005, errInfo naming the SKUs)', () => {
    const cart = priceCart(
      [
        { skuId: 123, goodsId: 1, categoryIds: [], quantity: 1, listUnitCents: 5_000 },
        { skuId: 123, goodsId: 1, categoryIds: [], quantity: 1, listUnitCents: 5_000 },
      ],
      { coupon: { kind: 'fixed', amountCents: 2_000, thresholdCents: 0, scope: { kind: 'store' } } },
    );
    const error = marginRefused(checkCartMargin(cart, floors)!);
    expect([error.code, error.messageIn('en-US'), error.messageIn('zh-CN'), error.errInfo]).toEqual([STORE_CODES.notAllowedInCurrentState, 'SKU 123 below its floor price ¥45.00', 'SKU 123 低于底价 ¥45.00', { skuIds: [123] }]);
  });
});
