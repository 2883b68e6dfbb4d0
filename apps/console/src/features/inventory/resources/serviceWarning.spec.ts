// The warehouse warnings table at 1440 × 900 in both languages: with the numeric headers drawn whole
// (columnWidth), the item, spec and warehouse still get readable widths without a side scroll.
import i18next, { type TFunction } from 'i18next';
import { resourceKitMessages } from '../../../resource-kit/messages';
import { tableLayout } from '../../../resource-kit/tableLayout.testing';
import { inventoryMessages } from '../messages';
import { serviceWarning } from './serviceWarning';

async function translator(language: 'zh-CN' | 'en-US'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: { ...resourceKitMessages[language], ...inventoryMessages[language] } } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance.t.bind(instance) as TFunction;
}

describe('warehouse warnings table', () => {
  it.each(['zh-CN', 'en-US'] as const)('keeps the item, spec and warehouse readable at 1440 px in %s, without a side scroll', async (language) => {
    const layout = tableLayout(serviceWarning, await translator(language));
    expect(layout.fits).toBe(true);
    // "Porcelain floor tile 600" / "600x600" / "Shanghai…" of the demo data read at least this far.
    expect(layout.widths.itemName).toBeGreaterThanOrEqual(190);
    expect(layout.widths.skuText).toBeGreaterThanOrEqual(95);
    expect(layout.widths.warehouseName).toBeGreaterThanOrEqual(95);
    expect(layout.widths.quantity).toBeUndefined();
  });
});
