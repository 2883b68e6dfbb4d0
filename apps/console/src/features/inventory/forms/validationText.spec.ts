// The contracts' validation texts as a merchant reads them in zh-CN and en-US: every rule the inventory
// forms can hit is matched (field label + limit from the contract), an unknown text stays as written.
import i18next from 'i18next';
import { inboundCreateBiz, inventoryCountCompleteBiz, inventoryItemAddBiz, outboundCreateBiz } from '@merchant/api-contracts';
import { inventoryMessages } from '../messages';
import { validationText } from './validationText';

async function translator(language: 'zh-CN' | 'en-US') {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: inventoryMessages[language] } }, interpolation: { escapeValue: false } });
  return instance.t.bind(instance);
}

/** Every issue of a failed parse, translated. */
async function texts(language: 'zh-CN' | 'en-US', schema: { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, value: unknown) {
  const t = await translator(language);
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => validationText(t as never, issue.message));
}

describe('inventory form validation texts', () => {
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
    expect(await texts('en-US', inboundCreateBiz, twice)).toEqual(['quantity cannot exceed 9999999', 'An item can be listed only once']);
    expect(await texts('zh-CN', inventoryCountCompleteBiz, { countId: 1, lines: [] })).toEqual(['请至少录入一个商品的实盘数量']);
    expect(await texts('en-US', inventoryItemAddBiz, { warehouseName: '' })).toEqual(['goods SKU is required', 'warehouse is required']);
  });

  it('keeps a text no rule knows as the contract wrote it', async () => {
    expect(validationText((await translator('zh-CN')) as never, 'something new')).toBe('something new');
  });
});
