// The summary under the release form: every field error, in the form's order, with the field's label,
// in the merchant's language (the audit saw the contract's English and a missing price error).
import i18next from 'i18next';
import type { FieldErrors } from 'react-hook-form';
import { errorSummary } from './errorSummary';
import { goodsReleaseMessages } from './messages';
import type { ReleaseFormValues } from './releaseSchema';

async function translator(language: 'zh-CN' | 'en-US') {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, showSupportNotice: false, resources: { [language]: { translation: goodsReleaseMessages[language] } }, interpolation: { escapeValue: false } } as never);
  return instance;
}

/** A problem as the form's check keeps it (the kit's encoding: the rule code, its values, the wire field). */
const problem = (rule: string, field: string, values: Record<string, unknown> = {}) => ({ type: rule, message: JSON.stringify({ rule, field, ...values }) });
/** What the resolver gives for the audit's form: price 0, stock 99999999999, no image, no detail. */
const errors = {
  skus: [{ price: problem('min', 'price', { limit: 0.01 }), stock: problem('max', 'stock', { limit: 9_999_999 }) }],
  images: problem('required', 'images'),
  detailText: problem('detailRequired', 'detailHtml'),
} as unknown as FieldErrors<ReleaseFormValues>;
const skus = [{ specValues: [], price: '0', stock: '99999999999' }];

describe('errorSummary', () => {
  it('lists every error with its field in Chinese, the price included', async () => {
    const i18n = await translator('zh-CN');
    expect(errorSummary(i18n, errors, skus).map((item) => item.text)).toEqual(['默认 的价格（元）：价格（元）不能小于 0.01', '默认 的库存：库存不能超过 9999999', '商品图片：请选择商品图片', '详情文字：请填写商品详情']);
    expect(i18n.t('goodsRelease.notice.summary', { count: 4 })).toBe('还有 4 处需要修改：');
  });

  it('lists every error with its field in English, with a plural-aware heading', async () => {
    const i18n = await translator('en-US');
    expect(errorSummary(i18n, errors, skus).map((item) => item.text)).toEqual(['Price (yuan) of Default: Price (yuan) must be at least 0.01', 'Stock of Default: Stock cannot exceed 9999999', 'Goods images: Goods images is required', 'Detail text: write the goods detail']);
    expect(i18n.t('goodsRelease.notice.summary', { count: 4 })).toBe('4 problems to fix:');
    expect(i18n.t('goodsRelease.notice.summary', { count: 1 })).toBe('1 problem to fix:');
  });

  it("names a SKU row by its spec values, and says an error of the form's own from its key", async () => {
    const i18n = await translator('en-US');
    const twin = { skus: [undefined, { specValues: problem('skuTwin', 'specValues') }], brandName: { type: 'custom', message: 'goodsRelease.field.brandNone' } } as unknown as FieldErrors<ReleaseFormValues>;
    const rows = [{ specValues: ['300x300'], price: '1', stock: '1' }, { specValues: ['300x300'], price: '1', stock: '1' }];
    expect(errorSummary(i18n, twin, rows)).toEqual([{ name: 'brandName', text: 'Brand: The shop has no approved brands yet' }, { name: 'skus.1.specValues', text: 'Spec of 300x300: two SKUs have the same spec values' }]);
  });
});
