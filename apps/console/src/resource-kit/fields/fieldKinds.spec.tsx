// The field kinds of the resource kit's forms (text, textarea, integer, money, phone, select, switch, date,
// dateRange), each drawn by its component through the form engine in a dialog: what the merchant enters
// becomes the value the contract takes (cents, seconds, digits), labels are bound to their inputs, errors
// are in the merchant's language under the field with aria-invalid, and the inputs work from the keyboard.
import { act, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { z } from 'zod';
import { mobileField, rule } from '@merchant/api-contracts';
import { createFakeStoreServer, ok } from '../../../test/fakeStoreServer';
import { FORM_TEST_PATH, OPEN_DIALOG, formTestSave, renderResourceForm } from '../resourceForm.testing';
import { defineResourceForm } from '../types';

jest.setTimeout(60_000);

const NOV_1 = dayjs('2026-11-01').unix();
const NOV_3_END = dayjs('2026-11-03').endOf('day').unix();

const schema = z
  .object({
    name: z.string().trim().min(1),
    remark: z.string().max(200).default(''),
    amount: z.number().int().positive(),
    count: z.number().int().min(1),
    mobile: mobileField,
    kind: z.number().int(),
    active: z.boolean(),
    day: z.number().int(),
    startTime: z.number().int(),
    endTime: z.number().int(),
  })
  .refine((values) => values.endTime >= values.startTime, rule('endBeforeStart', { path: ['endTime'] }));

type Values = Record<string, unknown>;

function everyKind(defaults: Values) {
  return defineResourceForm<Values>({
    schema,
    defaults,
    fields: [
      { name: 'name', labelKey: 'formTest.name', kind: 'text' },
      { name: 'remark', labelKey: 'formTest.remark', kind: 'textarea' },
      { name: 'amount', labelKey: 'formTest.amount', kind: 'money' },
      { name: 'count', labelKey: 'formTest.count', kind: 'integer' },
      { name: 'mobile', labelKey: 'formTest.mobile', kind: 'phone' },
      { name: 'kind', labelKey: 'formTest.kind', kind: 'select', options: [{ value: 1, label: 'formTest.kindA' }, { value: 2, label: 'formTest.kindB' }] },
      { name: 'active', labelKey: 'formTest.active', kind: 'switch' },
      { name: 'day', labelKey: 'formTest.day', kind: 'date' },
      { name: 'startTime', endName: 'endTime', labelKey: 'formTest.period', kind: 'dateRange' },
    ],
    create: { endpoint: formTestSave },
  });
}

const EMPTY: Values = { name: '', remark: '', amount: undefined, count: undefined, mobile: '', kind: undefined, active: false, day: NOV_1, startTime: NOV_1, endTime: NOV_3_END };

async function openEveryKind(defaults: Values, language: 'zh-CN' | 'en-US' = 'en-US') {
  const server = createFakeStoreServer();
  server.on(FORM_TEST_PATH, () => ok({}));
  const rendered = renderResourceForm({ definition: everyKind(defaults), screen: 'dialog', server, language });
  await rendered.user.click(await screen.findByRole('button', { name: OPEN_DIALOG }, { timeout: 20_000 }));
  const dialog = await screen.findByRole('dialog', { name: language === 'zh-CN' ? '测试表单' : 'Test form' });
  // The date kinds arrive in a module of their own.
  await within(dialog).findByRole('group', { name: language === 'zh-CN' ? '有效期' : 'period' }, { timeout: 20_000 });
  return { ...rendered, dialog };
}

/** A picker's value as its field shows it (the hidden input the form posts). */
const pickerText = (dialog: HTMLElement, name: string) => (dialog.querySelector(`input[name="${name}"]`) as HTMLInputElement).value;

describe('form field kinds', () => {
  it('turn what the merchant types into the values the contract takes: cents, digits, an option, a boolean, seconds', async () => {
    const { dialog, user, server } = await openEveryKind(EMPTY);
    await user.type(within(dialog).getByRole('textbox', { name: 'name' }), 'Oak chair');
    await user.type(within(dialog).getByRole('textbox', { name: 'remark' }), 'fragile');
    await user.type(within(dialog).getByRole('textbox', { name: 'amount' }), '12.5x');
    expect(within(dialog).getByRole('textbox', { name: 'amount' })).toHaveValue('12.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'count' }), 'a3');
    expect(within(dialog).getByRole('textbox', { name: 'count' })).toHaveValue('3');
    await user.type(within(dialog).getByRole('textbox', { name: 'mobile' }), '138 0013 8000 9');
    expect(within(dialog).getByRole('textbox', { name: 'mobile' })).toHaveValue('13800138000');
    // Keyboard only: the select opens with the arrow key and takes Enter; the switch toggles with Space.
    act(() => within(dialog).getByRole('combobox', { name: 'kind' }).focus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'type A' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'kind' })).toHaveTextContent('type B'));
    act(() => within(dialog).getByRole('switch', { name: 'active' }).focus());
    await user.keyboard(' ');
    expect(within(dialog).getByRole('switch', { name: 'active' })).toBeChecked();
    expect(pickerText(dialog, 'day')).toBe('11/01/2026');
    expect(pickerText(dialog, 'endTime')).toBe('11/03/2026');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo(FORM_TEST_PATH)).toHaveLength(1));
    expect(server.callsTo(FORM_TEST_PATH)[0]!.biz).toEqual({
      name: 'Oak chair',
      remark: 'fragile',
      amount: 1250,
      count: 3,
      mobile: '13800138000',
      kind: 2,
      active: true,
      day: NOV_1,
      startTime: NOV_1,
      endTime: NOV_3_END,
    });
  });

  it("say each refusal in the merchant's language under its field, bound to the input (aria-invalid, description)", async () => {
    const { dialog, user, server } = await openEveryKind({ ...EMPTY, day: undefined }, 'zh-CN');
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    const described = async (name: string, text: string) => {
      const input = within(dialog).getByRole('textbox', { name });
      await waitFor(() => expect(input).toHaveAccessibleDescription(text));
      expect(input).toHaveAttribute('aria-invalid', 'true');
    };
    await described('名称', '请填写名称');
    await described('金额', '请填写金额');
    await described('数量', '请填写数量');
    await described('手机号', '请填写手机号');
    expect(within(dialog).getByText('请选择类型')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择日期')).toBeInTheDocument();
    expect(server.callsTo(FORM_TEST_PATH)).toEqual([]);
  });

  it('refuse a date range that ends before it starts, under its end (the contracts\' endBeforeStart)', async () => {
    const { dialog, user, server } = await openEveryKind({ ...EMPTY, name: 'Oak', amount: 100, count: 1, mobile: '13800138000', kind: 1, startTime: NOV_3_END - 86_399, endTime: NOV_1 + 86_399 });
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    expect(await within(dialog).findByText('end cannot be less than start')).toBeInTheDocument();
    expect(dialog.querySelector('#field-endTime-helper-text')).toHaveTextContent('end cannot be less than start');
    expect(dialog.querySelector('#field-startTime-helper-text')).toBeNull();
    expect(server.callsTo(FORM_TEST_PATH)).toEqual([]);
  });

  it('pick a day from the calendar with the keyboard, kept as the seconds of its start', async () => {
    const { dialog, user, server } = await openEveryKind({ ...EMPTY, name: 'Oak', amount: 100, count: 1, mobile: '13800138000', kind: 1 });
    await user.click(within(dialog).getAllByRole('button', { name: /choose date/i })[0]!);
    const calendar = await screen.findByRole('grid');
    await waitFor(() => expect(within(calendar).getByRole('gridcell', { name: '1' })).toHaveFocus());
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    await waitFor(() => expect(pickerText(dialog, 'day')).toBe('11/03/2026'));
    await user.click(within(dialog).getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo(FORM_TEST_PATH)).toHaveLength(1));
    expect(server.callsTo(FORM_TEST_PATH)[0]!.biz.day).toBe(dayjs('2026-11-03').unix());
  });
});
