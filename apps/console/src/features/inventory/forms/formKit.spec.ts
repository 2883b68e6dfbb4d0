// The inventory forms' errors as a merchant reads them in zh-CN and en-US: each rule a contract reports
// (a code and its limit, never its text) said with the label of the field it was found on.
import i18next, { type TFunction } from 'i18next';
import type { z } from 'zod';
import { inboundCreateBiz, inventoryCountCompleteBiz, inventoryItemAddBiz, outboundCreateBiz } from '@merchant/api-contracts';
import { inventoryMessages } from '../messages';
import { contractResolver, inventoryErrorText } from './formKit';

async function translator(language: 'zh-CN' | 'en-US') {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: inventoryMessages[language] } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return { t: instance.t.bind(instance) as TFunction, i18n: instance };
}

/** Every error the form would draw, in the order the resolver found them. */
async function texts(language: 'zh-CN' | 'en-US', schema: z.ZodType, value: Record<string, unknown>) {
  const { t, i18n } = await translator(language);
  const result = await contractResolver(schema)(value, undefined, { fields: {}, shouldUseNativeValidation: false });
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const error = node as { message?: string; type?: string };
    if (typeof error.message === 'string' && typeof error.type === 'string') found.push(inventoryErrorText(t, i18n, error)!);
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'message' && key !== 'type') walk(child);
  };
  walk(result.errors);
  return found;
}

describe('inventory form errors', () => {
  it('says what an empty outbound application lacks, in Chinese with the field labels', async () => {
    expect(await texts('zh-CN', outboundCreateBiz, { warehouseName: ' ', lines: [{ quantity: 0 }], contactName: '', address: '' })).toEqual([
      '请填写仓库',
      '请选择商品',
      '数量不能小于 1',
      '请填写联系人',
      '请填写联系电话',
      '请填写地址',
    ]);
  });

  it('names the mobile format, fractions, duplicates, limits and an empty count in both languages', async () => {
    const order = { warehouseName: 'W', lines: [{ itemId: 1, quantity: 1.5 }], contactName: 'x'.repeat(31), contactMobile: '12345', remark: '' };
    expect(await texts('zh-CN', inboundCreateBiz, order)).toEqual(['数量须为整数', '联系人不能超过 30 个字符', '手机号格式错误']);
    expect(await texts('en-US', inboundCreateBiz, order)).toEqual(['quantity must be a whole number', 'contact must be at most 30 characters', 'phone number format error']);
    const twice = { ...order, contactName: '', contactMobile: '', lines: [{ itemId: 1, quantity: 10_000_000 }, { itemId: 1, quantity: 1 }] };
    expect(await texts('en-US', inboundCreateBiz, twice)).toEqual(['quantity cannot exceed 9999999', 'items: the same item is listed twice']);
    expect(await texts('zh-CN', inventoryCountCompleteBiz, { countId: 1, lines: [] })).toEqual(['请至少录入一个商品的实盘数量']);
    expect(await texts('en-US', inventoryItemAddBiz, { warehouseName: '' })).toEqual(['goods SKU is required', 'warehouse is required']);
  });
});
