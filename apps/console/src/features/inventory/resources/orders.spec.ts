// The outbound and inbound application tables at 1440 × 900 in both languages (issue 35 §4): the warehouse
// ("Shanghai Service Warehouse") and the outbound address ("107 Nanjing Road, Huangpu, Shanghai") read whole
// next to the row actions (detail, confirm, cancel), without a side scroll — they read "S…" and "10…" when
// both were flex columns beside nine fixed ones.
import i18next, { type TFunction } from 'i18next';
import { resourceKitMessages } from '../../../resource-kit/messages';
import { tableLayout } from '../../../resource-kit/tableLayout.testing';
import { inventoryMessages } from '../messages';
import { managedWarehousing, outboundApplication } from './orders';

async function translator(language: 'zh-CN' | 'en-US'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: { ...resourceKitMessages[language], ...inventoryMessages[language] } } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance.t.bind(instance) as TFunction;
}

/** Cell text widths in the grid's 14 px Roboto (advance widths) plus the cell's 20 px padding. */
const SHANGHAI_SERVICE_WAREHOUSE = 181 + 20;
/** "107 Nanjing Road, Huangpu, Shanghai", the demo's outbound addresses (db/goods.seed.ts). */
const DEMO_ADDRESS = 236 + 20;

describe('inventory application tables', () => {
  it.each(['zh-CN', 'en-US'] as const)('shows an outbound warehouse and address whole at 1440 px in %s, without a side scroll', async (language) => {
    const layout = tableLayout(outboundApplication, await translator(language));
    expect(layout.fits).toBe(true);
    expect(layout.widths.warehouseName).toBeGreaterThanOrEqual(SHANGHAI_SERVICE_WAREHOUSE);
    expect(layout.widths.address).toBeGreaterThanOrEqual(DEMO_ADDRESS);
    // On the detail page, and in the column picker.
    expect(layout.widths.completeTime).toBeUndefined();
  });

  it.each(['zh-CN', 'en-US'] as const)('shows an inbound warehouse whole at 1440 px in %s, without a side scroll', async (language) => {
    const layout = tableLayout(managedWarehousing, await translator(language));
    expect(layout.fits).toBe(true);
    expect(layout.widths.warehouseName).toBeGreaterThanOrEqual(SHANGHAI_SERVICE_WAREHOUSE);
  });
});
