import { activeSpecs, buildSkuRows, bulkFillSkus, combineSpecValues, countCombinations, skuKey, toggleSpecValue, type SkuRow, type SpecChoice } from './skus';

const size: SpecChoice = { specName: 'Size', values: ['300x300', '600x600', '800x800'] };
const finish: SpecChoice = { specName: 'Finish', values: ['matte', 'glossy'] };

describe('combineSpecValues', () => {
  it('is the cartesian product, first spec varying slowest', () => {
    expect(combineSpecValues([size, finish])).toEqual([
      ['300x300', 'matte'],
      ['300x300', 'glossy'],
      ['600x600', 'matte'],
      ['600x600', 'glossy'],
      ['800x800', 'matte'],
      ['800x800', 'glossy'],
    ]);
    expect(countCombinations([size, finish])).toBe(6);
  });

  it('skips specs with nothing ticked, and gives one empty combination when none is ticked', () => {
    const none: SpecChoice = { specName: 'Colour', values: [] };
    expect(combineSpecValues([none, finish])).toEqual([['matte'], ['glossy']]);
    expect(activeSpecs([none, finish])).toEqual([finish]);
    expect(combineSpecValues([none])).toEqual([[]]);
    expect(combineSpecValues([])).toEqual([[]]);
    expect(countCombinations([])).toBe(1);
  });

  it('handles three specs', () => {
    const seats: SpecChoice = { specName: 'Seats', values: ['2', '3'] };
    const combos = combineSpecValues([size, finish, seats]);
    expect(combos).toHaveLength(12);
    expect(new Set(combos.map(skuKey)).size).toBe(12);
    expect(combos[0]).toEqual(['300x300', 'matte', '2']);
    expect(combos[11]).toEqual(['800x800', 'glossy', '3']);
  });
});

describe('buildSkuRows', () => {
  it('keeps what was typed in rows whose values still exist and starts new rows empty', () => {
    const first = buildSkuRows([{ specName: 'Size', values: ['300x300'] }, finish], []);
    const typed: SkuRow[] = first.map((row, index) => ({ ...row, price: `${index + 1}.50`, stock: String(10 * (index + 1)), skuId: index + 7 }));
    const next = buildSkuRows([{ specName: 'Size', values: ['300x300', '600x600'] }, finish], typed);
    expect(next).toEqual([
      { specValues: ['300x300', 'matte'], price: '1.50', stock: '10', skuId: 7 },
      { specValues: ['300x300', 'glossy'], price: '2.50', stock: '20', skuId: 8 },
      { specValues: ['600x600', 'matte'], price: '', stock: '' },
      { specValues: ['600x600', 'glossy'], price: '', stock: '' },
    ]);
  });

  it('drops rows of values that were unticked', () => {
    const rows = buildSkuRows([size], []);
    expect(buildSkuRows([{ specName: 'Size', values: ['600x600'] }], rows).map((row) => row.specValues)).toEqual([['600x600']]);
  });

  it('gives the single row of a good without specs, keeping its values', () => {
    expect(buildSkuRows([], [{ specValues: [], price: '9.90', stock: '3' }])).toEqual([{ specValues: [], price: '9.90', stock: '3' }]);
  });
});

describe('bulkFillSkus', () => {
  const rows: SkuRow[] = [
    { specValues: ['a'], price: '1', stock: '1' },
    { specValues: ['b'], price: '2', stock: '2' },
  ];

  it('writes a given price and stock into every row', () => {
    expect(bulkFillSkus(rows, { price: '9.99', stock: '50' })).toEqual([
      { specValues: ['a'], price: '9.99', stock: '50' },
      { specValues: ['b'], price: '9.99', stock: '50' },
    ]);
  });

  it('leaves a field alone when its bulk value is empty', () => {
    expect(bulkFillSkus(rows, { price: '', stock: '7' })).toEqual([
      { specValues: ['a'], price: '1', stock: '7' },
      { specValues: ['b'], price: '2', stock: '7' },
    ]);
  });
});

describe('toggleSpecValue', () => {
  const order = ['300x300', '600x600', '800x800'];

  it('adds and removes a value, keeping the category order', () => {
    const start: SpecChoice[] = [{ specName: 'Size', values: [] }, finish];
    const a = toggleSpecValue(start, 'Size', '800x800', order);
    const b = toggleSpecValue(a, 'Size', '300x300', order);
    expect(b[0]!.values).toEqual(['300x300', '800x800']);
    expect(toggleSpecValue(b, 'Size', '800x800', order)[0]!.values).toEqual(['300x300']);
    expect(b[1]).toBe(finish);
  });

  it('keeps a stored value the category no longer lists', () => {
    const start: SpecChoice[] = [{ specName: 'Size', values: ['1200x600'] }];
    expect(toggleSpecValue(start, 'Size', '600x600', order)[0]!.values).toEqual(['600x600', '1200x600']);
  });
});
