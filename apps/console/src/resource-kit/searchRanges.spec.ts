// From–to pairs of a list search: a "to" below its "from" is refused on the "to" field in the merchant's
// language with the fields' labels (never the wire names "amountMax"/"amountMin"); equal or open ends pass.
import i18next, { type TFunction } from 'i18next';
import { z } from 'zod';
import { searchFieldsOf, searchMoney, searchText } from '@merchant/ui-kit';
import { orderMessages } from '../features/orders/messages';
import { orderList } from '../features/orders/resources/orderList';
import { resourceKitMessages } from './messages';
import { withSearchRanges } from './searchRanges';
import { textContext } from './text';

async function translator(language: 'zh-CN' | 'en-US'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: { ...resourceKitMessages[language], ...orderMessages[language] } } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance.t.bind(instance) as TFunction;
}

/** The order list's search bar as ResourceListPage builds it. */
async function orderSearch(language: 'zh-CN' | 'en-US') {
  const t = await translator(language);
  return withSearchRanges(orderList.list.search!(t, textContext(t, language)), orderList.list.searchRanges, { language });
}

const form = (amountMin: string, amountMax: string) => ({ orderNo: '', buyer: '', createTime: [null, null], amountMin, amountMax });

describe('search ranges', () => {
  it('refuses an order amount "to" below "from" on the "to" field, in Chinese and English', async () => {
    const zh = (await orderSearch('zh-CN')).safeParse(form('100', '1'));
    expect(zh.success).toBe(false);
    expect(zh.error!.issues.map((issue) => [issue.path, issue.message])).toEqual([[['amountMax'], '最高金额（元）不能小于最低金额（元）']]);
    const en = (await orderSearch('en-US')).safeParse(form('100', '1'));
    expect(en.error!.issues.map((issue) => [issue.path, issue.message])).toEqual([[['amountMax'], 'amount to (yuan) cannot be less than amount from (yuan)']]);
  });

  it('compares the amounts, not the texts: 9.5 to 10 is a range; equal ends and an open end pass', async () => {
    const schema = await orderSearch('en-US');
    expect(schema.safeParse(form('9.5', '10')).data).toMatchObject({ amountMin: 950, amountMax: 1000 });
    expect(schema.safeParse(form('100', '100')).success).toBe(true);
    expect(schema.safeParse(form('100', '')).success).toBe(true);
    expect(schema.safeParse(form('', '1')).success).toBe(true);
  });

  it('keeps the search bar fields (the refined schema draws the same bar) and any list can opt in, e.g. a price range', async () => {
    const goodsLike = z.object({ title: searchText({ label: 'title' }), priceMin: searchMoney({ label: 'price from' }), priceMax: searchMoney({ label: 'price to' }) });
    const checked = withSearchRanges(goodsLike, [{ min: 'priceMin', max: 'priceMax' }], { language: 'en-US' });
    expect(searchFieldsOf(checked).map((field) => field.name)).toEqual(['title', 'priceMin', 'priceMax']);
    expect(checked.safeParse({ title: '', priceMin: '20', priceMax: '3' }).error!.issues[0]).toMatchObject({ path: ['priceMax'], message: 'price to cannot be less than price from' });
    expect(withSearchRanges(goodsLike, undefined, { language: 'zh-CN' })).toBe(goodsLike);
    expect(() => withSearchRanges(goodsLike, [{ min: 'priceMin', max: 'priceTop' }], { language: 'zh-CN' })).toThrow(/both must be fields/);
  });
});
