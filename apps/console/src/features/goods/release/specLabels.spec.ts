// Spec names and values are keys; the merchant reads their labels (issue 35 §8): the zh-CN labels of the
// category's spec list, the key itself where there is none.
import type { CategorySpec } from './api';
import { specLabelOf, specValueLabelOf } from './specLabels';

const ZH: CategorySpec[] = [
  { id: 1, specName: 'Size', specValues: ['600x600'], specLabel: '尺寸', specValueLabels: { '600x600': '600x600' } },
  { id: 2, specName: 'Finish', specValues: ['matte', 'glossy'], specLabel: '表面', specValueLabels: { matte: '哑光', glossy: '亮光' } },
];

describe('spec labels', () => {
  it('shows the zh-CN label of a spec name and value while the key stays what the SKU stores', () => {
    expect(specLabelOf(ZH, 'Finish')).toBe('表面');
    expect(specValueLabelOf(ZH, 'Finish', 'matte')).toBe('哑光');
    expect(specValueLabelOf(ZH, 'Size', '600x600')).toBe('600x600');
  });

  it('reads a key the category no longer lists, or an answer without labels, as itself', () => {
    expect(specLabelOf(ZH, 'Colour')).toBe('Colour');
    expect(specValueLabelOf(ZH, 'Finish', 'satin')).toBe('satin');
    expect(specLabelOf([{ id: 3, specName: 'Volume', specValues: ['1L'] }], 'Volume')).toBe('Volume');
    expect(specLabelOf(undefined, 'Size')).toBe('Size');
  });
});
