// The inventory counts table at 1440 × 900 in both languages: the warehouse ("Shanghai Service Warehouse")
// and a remark ("Monthly count") read whole next to the row actions, without a side scroll — they read
// "Shanghai…" / "Monthly c…" while the empty completion time took 165 px.
import i18next, { type TFunction } from 'i18next';
import { resourceKitMessages } from '../../../resource-kit/messages';
import { tableLayout } from '../../../resource-kit/tableLayout.testing';
import { inventoryMessages } from '../messages';
import { WAREHOUSE_WIDTH, inventoryCount } from './inventoryCount';

async function translator(language: 'zh-CN' | 'en-US'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: { ...resourceKitMessages[language], ...inventoryMessages[language] } } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance.t.bind(instance) as TFunction;
}

/** Cell text widths in the grid's 14 px Roboto (advance widths) plus the cell's 20 px padding. */
const SHANGHAI_SERVICE_WAREHOUSE = 181 + 20;
const MONTHLY_COUNT = 89 + 20;

describe('inventory counts table', () => {
  it.each(['zh-CN', 'en-US'] as const)('shows a warehouse name and a remark whole at 1440 px in %s, without a side scroll', async (language) => {
    const layout = tableLayout(inventoryCount, await translator(language));
    expect(layout.fits).toBe(true);
    expect(layout.widths.warehouseName).toBeGreaterThanOrEqual(SHANGHAI_SERVICE_WAREHOUSE);
    expect(layout.widths.remark).toBeGreaterThanOrEqual(MONTHLY_COUNT);
    // The completion time is in the column picker (and on the detail page).
    expect(layout.widths.completeTime).toBeUndefined();
  });

  it('keeps the warehouse at its width: a flex column is what the row actions squeezed', () => {
    const warehouse = inventoryCount.list.columns.find((column) => column.key === 'warehouseName')!;
    expect(warehouse).toMatchObject({ width: WAREHOUSE_WIDTH });
    expect(warehouse.flex).toBeUndefined();
  });
});
