// A fixed-width column is drawn at least as wide as its header in the merchant's language: the after-sales
// "退款金额（元）" / "refund amount (yuan)" column (95 px in its definition) read "退款金额…" / "refund a…".
import i18next, { type TFunction } from 'i18next';
import { afterSalesMessages } from '../features/after-sales/messages';
import { allRefunds, pendingRefunds } from '../features/after-sales/resources/refunds';
import { actionButtonsWidth } from '@merchant/ui-kit';
import { columnWidth, headerTextWidth, rowActionsWidth } from './columnWidth';
import { resourceKitMessages } from './messages';
import { tableLayout } from './tableLayout.testing';

async function translator(language: 'zh-CN' | 'en-US'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: { ...resourceKitMessages[language], ...afterSalesMessages[language] } } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance.t.bind(instance) as TFunction;
}

describe('column widths', () => {
  it('measures header text: CJK and full-width characters square, Latin narrower', () => {
    expect(headerTextWidth('退款金额（元）')).toBe(98);
    expect(headerTextWidth('refund amount (yuan)')).toBeGreaterThanOrEqual(135);
    expect(headerTextWidth('')).toBe(0);
  });

  it('widens a fixed column to its header (and the sort arrow when sorted), keeps a wider one and leaves flex columns alone', () => {
    expect(columnWidth(95, '退款金额（元）', false)).toBe(118);
    expect(columnWidth(95, '退款金额（元）', true)).toBe(146);
    expect(columnWidth(200, '退款金额（元）', false)).toBe(200);
    expect(columnWidth(undefined, '退款金额（元）', false)).toBeUndefined();
  });

  it.each(['zh-CN', 'en-US'] as const)('shows the whole refund amount header of the after-sales lists in %s, without a side scroll at 1440 px', async (language) => {
    const t = await translator(language);
    for (const resource of [pendingRefunds, allRefunds]) {
      const layout = tableLayout(resource, t);
      expect(layout.widths.amountCents).toBeGreaterThanOrEqual(headerTextWidth(t('afterSales.field.amount')) + 20);
      expect(layout.fits).toBe(true);
    }
  });

  it('sizes the row actions to what the rows really show: an action hidden by `when` in every row takes no room', () => {
    type Row = { active: boolean };
    const label = (key: string) => key;
    const actions = [
      { labelKey: 'Details' },
      { labelKey: 'Claim records' },
      { labelKey: 'Edit', when: (row: Row) => row.active },
      { labelKey: 'Stop', when: (row: Row) => row.active },
    ];
    const stoppedOnly = rowActionsWidth(actions, [{ active: false }, { active: false }], label, 'more');
    const withActive = rowActionsWidth(actions, [{ active: false }, { active: true }], label, 'more');
    // Stopped rows show two buttons; an active row shows two and 'more' (four actions).
    expect(stoppedOnly).toBe(actionButtonsWidth(['Details', 'Claim records'], 'more'));
    expect(withActive).toBe(actionButtonsWidth(['Details', 'Claim records', 'Edit', 'Stop'], 'more'));
    expect(stoppedOnly).toBeLessThan(withActive);
    // Before the rows come: the actions every row shows.
    expect(rowActionsWidth(actions, [], label, 'more')).toBe(stoppedOnly);
  });

  it('heads the actions column "Actions" in en-US and 操作 in zh-CN', () => {
    expect(resourceKitMessages['en-US'].resourceKit.actions).toBe('Actions');
    expect(resourceKitMessages['zh-CN'].resourceKit.actions).toBe('操作');
  });
});
