// The generated forms' field errors as a merchant reads them in zh-CN and en-US: the field's label and
// the rule, never the contract's English text with its wire name ("itemId must be a number"), and the
// required fields marked from the same schema.
import i18next, { type TFunction } from 'i18next';
import { z } from 'zod';
import { rule, warningConfigAddBiz } from '@merchant/api-contracts';
import { inventoryMessages } from '../features/inventory/messages';
import { warningConfig } from '../features/inventory/resources/warningConfig';
import { contractResolver, fieldErrorText, problemText, requiredFieldNames, resourceFormResolver } from './formErrors';
import { resourceKitMessages } from './messages';
import type { ResourceFormField } from './types';

async function translator(language: 'zh-CN' | 'en-US') {
  const instance = i18next.createInstance();
  const translation = { ...resourceKitMessages[language], ...inventoryMessages[language] };
  await instance.init({ lng: language, resources: { [language]: { translation } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return { t: instance.t.bind(instance) as TFunction, i18n: instance };
}

const fields = warningConfig.form!.fields;

/** Each failing field of the warning-config form → the text drawn under it. */
async function errorTexts(language: 'zh-CN' | 'en-US', values: Record<string, unknown>, schema: z.ZodType = warningConfigAddBiz, formFields: readonly ResourceFormField[] = fields) {
  const { t, i18n } = await translator(language);
  const result = await resourceFormResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors = result.errors as Record<string, { message?: string }>;
  return Object.fromEntries(formFields.filter((field) => errors[field.name]).map((field) => [field.name, fieldErrorText(t, i18n, field, errors[field.name]!.message)]));
}

describe('resource form errors', () => {
  it('asks for an unpicked item and an empty warning line with their labels, in Chinese and English', async () => {
    const empty = { enabled: true, remark: '' };
    expect(await errorTexts('zh-CN', empty)).toEqual({ itemId: '请选择商品', warningLine: '请填写预警线' });
    expect(await errorTexts('en-US', empty)).toEqual({ itemId: 'item is required', warningLine: 'warning line is required' });
  });

  it('names the broken rule with the contract limit: negative, fractional, too long', async () => {
    const values = { itemId: 3, warningLine: -1, enabled: true, remark: 'x'.repeat(201) };
    expect(await errorTexts('zh-CN', values)).toEqual({ warningLine: '预警线不能为负数', remark: '备注不能超过 200 个字符' });
    expect(await errorTexts('en-US', values)).toEqual({ warningLine: 'warning line cannot be negative', remark: 'remark must be at most 200 characters' });
    expect(await errorTexts('zh-CN', { itemId: 3, warningLine: 1.5 })).toEqual({ warningLine: '预警线须为整数' });
    expect(await errorTexts('en-US', { itemId: 3, warningLine: 10_000_000 })).toEqual({ warningLine: 'warning line cannot exceed 9999999' });
  });

  it('never shows a schema text: a refinement is said by the rule it names, one that names none reads as "please check"', async () => {
    const named = z.object({ code: z.string().refine((value) => value.startsWith('A'), rule('licenseNumber')) });
    const unnamed = z.object({ code: z.string().refine((value) => value.startsWith('A'), 'code must start with A (wire rule)') });
    const codeField: ResourceFormField[] = [{ name: 'code', labelKey: 'inventory.field.remark', kind: 'text' }];
    expect(await errorTexts('zh-CN', { code: 'B' }, named, codeField)).toEqual({ code: '备注须为 18 位数字或大写字母' });
    expect(await errorTexts('zh-CN', { code: 'B' }, unnamed, codeField)).toEqual({ code: '备注填写有误，请检查' });
    expect(await errorTexts('en-US', { code: 'B' }, unnamed, codeField)).toEqual({ code: 'remark is not valid, please check it' });
  });

  it('puts a rule on the whole form under root, and shows a message set by hand as it is', async () => {
    const schema = z.object({ a: z.number().optional(), b: z.number().optional() }).refine((v) => v.a !== undefined || v.b !== undefined, rule('stockDeltaOrWarning'));
    const result = await contractResolver(schema)({}, undefined, { fields: {}, shouldUseNativeValidation: false });
    const { i18n } = await translator('en-US');
    expect(problemText(i18n, (result.errors as { root?: { message?: string } }).root?.message, '')).toBe('give a stock, a change or a warning line');
    expect(problemText(i18n, 'the server said so', 'remark')).toBe('the server said so');
  });

  it('resolves a valid form to the parsed values (defaults filled)', async () => {
    const result = await resourceFormResolver(warningConfigAddBiz)({ itemId: 3, warningLine: 7 }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result).toEqual({ values: { itemId: 3, warningLine: 7, enabled: true, remark: '' }, errors: {} });
  });

  it('marks as required what the schema refuses to leave out; a default or a field setting says otherwise', () => {
    expect([...requiredFieldNames(warningConfigAddBiz, fields)].sort()).toEqual(['itemId', 'warningLine']);
    expect([...requiredFieldNames(warningConfigAddBiz, [...fields.filter((field) => field.name !== 'remark'), { name: 'remark', required: true }])].sort()).toEqual([
      'itemId',
      'remark',
      'warningLine',
    ]);
  });
});
