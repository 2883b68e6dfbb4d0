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
  return instance.t.bind(instance);
}

const V = 'goodsRelease.validation.';
/** What the resolver gives for the audit's form: price 0, stock 99999999999, no image, no detail. */
const errors = {
  skus: [{ price: { type: 'custom', message: `${V}priceMin` }, stock: { type: 'custom', message: `${V}stockMax` } }],
  images: { type: 'custom', message: `${V}imagesRequired` },
  detailText: { type: 'custom', message: `${V}detailTextRequired` },
} as unknown as FieldErrors<ReleaseFormValues>;
const skus = [{ specValues: [], price: '0', stock: '99999999999' }];

describe('errorSummary', () => {
  it('lists every error with its field in Chinese, the price included', async () => {
    const t = await translator('zh-CN');
    expect(errorSummary(t as never, errors, skus).map((item) => item.text)).toEqual([
      '默认 的价格（元）：价格至少 0.01 元',
      '默认 的库存：库存不能超过 9999999',
      '商品图片：请至少选择 1 张商品图片',
      '详情文字：请填写商品详情',
    ]);
    expect(t('goodsRelease.notice.summary', { count: 4 })).toBe('还有 4 处需要修改：');
  });

  it('lists every error with its field in English, with a plural-aware heading', async () => {
    const t = await translator('en-US');
    expect(errorSummary(t as never, errors, skus).map((item) => item.text)).toEqual([
      'Price (yuan) of Default: The price is at least 0.01 yuan',
      'Stock of Default: The stock is at most 9999999',
      'Goods images: Choose at least 1 goods image',
      'Detail text: Enter the details',
    ]);
    expect(t('goodsRelease.notice.summary', { count: 4 })).toBe('4 problems to fix:');
    expect(t('goodsRelease.notice.summary', { count: 1 })).toBe('1 problem to fix:');
  });

  it('names a SKU row by its spec values and a contract rule by its own text', async () => {
    const t = await translator('en-US');
    const twin = { skus: [undefined, { specValues: { type: 'custom', message: `${V}skuTwin` } }] } as unknown as FieldErrors<ReleaseFormValues>;
    const rows = [{ specValues: ['300x300'], price: '1', stock: '1' }, { specValues: ['300x300'], price: '1', stock: '1' }];
    expect(errorSummary(t as never, twin, rows)).toEqual([{ name: 'skus.1.specValues', text: 'Spec of 300x300: Two SKUs have the same spec values' }]);
  });
});
