import { statusColour, statusLabel, statusOptions, type ColourMapping, type StatusMapping } from './status-mappings';

// A caller's table, as an app passes one: ui-kit itself declares none.
const SHELF: StatusMapping<1 | 2> = {
  labels: {
    1: { 'zh-CN': '已上架', 'en-US': 'on shelf' },
    2: { 'zh-CN': '已下架', 'en-US': 'off shelf' },
  },
  fallback: { 'zh-CN': '未知', 'en-US': 'unknown' },
};
const CARDS: StatusMapping<'VISA' | ''> = {
  labels: { '': { 'zh-CN': '全部', 'en-US': 'any' }, VISA: { 'zh-CN': '维萨', 'en-US': 'Visa' } },
  fallback: { 'zh-CN': '其他卡', 'en-US': 'other card' },
};

describe('status mappings given by the caller', () => {
  it('labels a known code in the asked locale, zh-CN by default, numbers and their strings alike', () => {
    expect(statusLabel(SHELF, 1, 'en-US')).toBe('on shelf');
    expect(statusLabel(SHELF, '2', 'en-US')).toBe('off shelf');
    expect(statusLabel(SHELF, 2)).toBe('已下架');
    expect(statusLabel(CARDS, 'VISA', 'en-US')).toBe('Visa');
    expect(statusLabel(CARDS, '', 'en-US')).toBe('any');
  });

  it("reads the caller's fallback for unknown, null and undefined codes", () => {
    for (const code of [3, 0, 'x', null, undefined]) expect(statusLabel(SHELF, code, 'en-US')).toBe('unknown');
    expect(statusLabel(CARDS, 'AMEX')).toBe('其他卡');
  });

  it('lists a mapping as select options in its order', () => {
    expect(statusOptions(SHELF, 'en-US')).toEqual([
      { value: '1', label: 'on shelf' },
      { value: '2', label: 'off shelf' },
    ]);
    expect(statusOptions(SHELF, 'zh-CN').map((option) => option.label)).toEqual(['已上架', '已下架']);
  });

  it("colours a code from the caller's colours, the fallback for any other", () => {
    const colours: ColourMapping<2 | 7> = { colours: { 2: '#aaa', 7: '#bbb' }, fallback: '#eee' };
    expect([2, '7'].map((code) => statusColour(colours, code))).toEqual(['#aaa', '#bbb']);
    for (const other of [1, 3, '', null, undefined, 'x']) expect(statusColour(colours, other)).toBe('#eee');
  });
});
