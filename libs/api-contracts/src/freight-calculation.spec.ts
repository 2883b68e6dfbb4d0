import fc from 'fast-check';
import { FREIGHT_FREE_KIND, FREIGHT_PRICING, blockCents, duplicateRegions, quoteFreight, type FreightCartLine, type FreightFreeRule, type FreightRules } from './freight-calculation';

// Huangpu district → Shanghai City → Shanghai (the common city list's codes).
const HUANGPU = ['310101', '310100', '310000'];
const NANSHAN = ['440305', '440300', '440000'];
const TIANHE = ['440106', '440100', '440000'];

const line = (quantity: number, more: Partial<FreightCartLine> = {}): FreightCartLine => ({ quantity, unitPriceCents: 1_000, unitWeightGrams: 0, unitVolumeCm3: 0, ...more });

const byCount: FreightRules = {
  pricing: FREIGHT_PRICING.count,
  defaultBlock: { firstUnits: 1, firstCents: 1_000, additionalUnits: 1, additionalCents: 500 },
  regionGroups: [{ regionCodes: ['440000'], firstUnits: 2, firstCents: 1_500, additionalUnits: 2, additionalCents: 800 }],
  freeRules: [],
  excludedRegions: [],
};

describe('quoteFreight: pricing by count', () => {
  it('charges the default block where no group lists the address', () => {
    expect(quoteFreight(byCount, HUANGPU, [line(1)])).toEqual({ outcome: 'charged', freightCents: 1_000, units: 1, rule: { kind: 'default', index: null, regionCode: null } });
    expect(quoteFreight(byCount, HUANGPU, [line(3)]).freightCents).toBe(1_000 + 2 * 500);
  });

  it("charges a group's block where it lists a region above the address, and charges a started block whole", () => {
    const quote = quoteFreight(byCount, NANSHAN, [line(3)]);
    expect(quote).toEqual({ outcome: 'charged', freightCents: 1_500 + 800, units: 3, rule: { kind: 'region', index: 0, regionCode: '440000' } });
    expect(quoteFreight(byCount, NANSHAN, [line(2)]).freightCents).toBe(1_500);
    expect(quoteFreight(byCount, NANSHAN, [line(4)]).freightCents).toBe(1_500 + 800);
    expect(quoteFreight(byCount, NANSHAN, [line(5)]).freightCents).toBe(1_500 + 2 * 800);
  });

  it('prefers the group listing the most specific region, and the first group when two list the same one', () => {
    const rules: FreightRules = {
      ...byCount,
      regionGroups: [
        { regionCodes: ['440000'], firstUnits: 1, firstCents: 100, additionalUnits: 1, additionalCents: 0 },
        { regionCodes: ['440305'], firstUnits: 1, firstCents: 200, additionalUnits: 1, additionalCents: 0 },
        { regionCodes: ['440305'], firstUnits: 1, firstCents: 300, additionalUnits: 1, additionalCents: 0 },
      ],
    };
    expect(quoteFreight(rules, NANSHAN, [line(1)])).toMatchObject({ freightCents: 200, rule: { kind: 'region', index: 1, regionCode: '440305' } });
    expect(quoteFreight(rules, TIANHE, [line(1)])).toMatchObject({ freightCents: 100, rule: { kind: 'region', index: 0, regionCode: '440000' } });
  });

  it('charges nothing for an empty cart', () => {
    expect(quoteFreight(byCount, HUANGPU, []).freightCents).toBe(0);
    expect(quoteFreight(byCount, HUANGPU, [line(0)]).freightCents).toBe(0);
  });
});

describe('quoteFreight: pricing by weight and by volume', () => {
  const byWeight: FreightRules = { ...byCount, pricing: FREIGHT_PRICING.weight, defaultBlock: { firstUnits: 1_000, firstCents: 1_200, additionalUnits: 500, additionalCents: 300 }, regionGroups: [] };

  it('measures grams: pieces × unit weight, a part block above the first charged whole', () => {
    expect(quoteFreight(byWeight, HUANGPU, [line(2, { unitWeightGrams: 500 })])).toMatchObject({ freightCents: 1_200, units: 1_000 });
    expect(quoteFreight(byWeight, HUANGPU, [line(2, { unitWeightGrams: 501 })])).toMatchObject({ freightCents: 1_500, units: 1_002 });
    expect(quoteFreight(byWeight, HUANGPU, [line(1, { unitWeightGrams: 1_500 }), line(1, { unitWeightGrams: 1 })])).toMatchObject({ freightCents: 1_800, units: 1_501 });
  });

  it('a non-empty cart of weightless pieces still pays the first block', () => {
    expect(quoteFreight(byWeight, HUANGPU, [line(3)]).freightCents).toBe(1_200);
  });

  it('measures cubic centimetres by volume', () => {
    const byVolume: FreightRules = { ...byWeight, pricing: FREIGHT_PRICING.volume, defaultBlock: { firstUnits: 100_000, firstCents: 3_000, additionalUnits: 50_000, additionalCents: 1_000 } };
    expect(quoteFreight(byVolume, HUANGPU, [line(3, { unitVolumeCm3: 40_000, unitWeightGrams: 99_999 })])).toMatchObject({ freightCents: 4_000, units: 120_000 });
    expect(quoteFreight(byVolume, HUANGPU, [line(5, { unitVolumeCm3: 40_000 })])).toMatchObject({ freightCents: 5_000, units: 200_000 });
  });

  it('always answers whole cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 1, max: 3_333 }), fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 50_000 }), (firstUnits, firstCents, additionalUnits, additionalCents, units) => {
        expect(Number.isInteger(blockCents({ firstUnits, firstCents, additionalUnits, additionalCents }, units))).toBe(true);
      }),
    );
  });
});

describe('quoteFreight: free shipping', () => {
  const overAmount: FreightRules = { ...byCount, freeRules: [{ regionCodes: [], kind: FREIGHT_FREE_KIND.amount, threshold: 5_000 }] };
  const overCount: FreightRules = { ...byCount, freeRules: [{ regionCodes: ['310000'], kind: FREIGHT_FREE_KIND.count, threshold: 3 }] };

  it('ships free at exactly the amount, and charges one cent below it', () => {
    expect(quoteFreight(overAmount, HUANGPU, [line(5)])).toEqual({ outcome: 'free', freightCents: 0, units: 5, rule: { kind: 'free', index: 0, regionCode: null } });
    expect(quoteFreight(overAmount, HUANGPU, [line(4), line(1, { unitPriceCents: 999 })])).toMatchObject({ outcome: 'charged', freightCents: 1_000 + 4 * 500 });
  });

  it('ships free at exactly the count, only in the listed regions', () => {
    expect(quoteFreight(overCount, HUANGPU, [line(3)])).toMatchObject({ outcome: 'free', rule: { kind: 'free', index: 0, regionCode: '310000' } });
    expect(quoteFreight(overCount, HUANGPU, [line(2)])).toMatchObject({ outcome: 'charged', freightCents: 1_500 });
    expect(quoteFreight(overCount, NANSHAN, [line(30)])).toMatchObject({ outcome: 'charged', rule: { kind: 'region', index: 0 } });
  });
});

describe('quoteFreight: regions that sell nothing', () => {
  const rules: FreightRules = { ...byCount, excludedRegions: ['440100'], freeRules: [{ regionCodes: [], kind: FREIGHT_FREE_KIND.count, threshold: 1 }] };

  it('does not sell under an excluded region, even where a group or a free rule would apply', () => {
    expect(quoteFreight(rules, TIANHE, [line(1)])).toEqual({ outcome: 'notSold', freightCents: null, units: 1, rule: { kind: 'excluded', index: null, regionCode: '440100' } });
    expect(quoteFreight(rules, NANSHAN, [line(1)]).outcome).toBe('free');
  });
});

describe('duplicateRegions', () => {
  it('lists each code met twice once: across groups, within a group, or both in a group and excluded', () => {
    expect(
      duplicateRegions({
        regionGroups: [
          { regionCodes: ['310000', '440300'], firstUnits: 1, firstCents: 0, additionalUnits: 1, additionalCents: 0 },
          { regionCodes: ['440300', '440300', '440305'], firstUnits: 1, firstCents: 0, additionalUnits: 1, additionalCents: 0 },
        ],
        excludedRegions: ['310000'],
      }),
    ).toEqual(['440300', '310000']);
    expect(duplicateRegions({ regionGroups: byCount.regionGroups, excludedRegions: ['310101'] })).toEqual([]);
  });
});

describe('quoteFreight: property', () => {
  const block = fc.record({ firstUnits: fc.integer({ min: 1, max: 5_000 }), firstCents: fc.integer({ min: 0, max: 50_000 }), additionalUnits: fc.integer({ min: 1, max: 5_000 }), additionalCents: fc.integer({ min: 0, max: 50_000 }) });
  const codes = fc.subarray(['310000', '310100', '310101', '440000', '440300', '440305', '440100', '440106']);
  const rulesWithoutFree = fc.record({
    pricing: fc.constantFrom(FREIGHT_PRICING.count, FREIGHT_PRICING.weight, FREIGHT_PRICING.volume),
    defaultBlock: block,
    regionGroups: fc.array(fc.record({ regionCodes: codes, firstUnits: block.map((b) => b.firstUnits), firstCents: fc.integer({ min: 0, max: 50_000 }), additionalUnits: fc.integer({ min: 1, max: 5_000 }), additionalCents: fc.integer({ min: 0, max: 50_000 }) }), { maxLength: 4 }),
    freeRules: fc.constant([] as FreightFreeRule[]),
    excludedRegions: fc.constant([] as string[]),
  });
  const cartLine = fc.record({ quantity: fc.integer({ min: 0, max: 50 }), unitPriceCents: fc.integer({ min: 0, max: 100_000 }), unitWeightGrams: fc.integer({ min: 0, max: 20_000 }), unitVolumeCm3: fc.integer({ min: 0, max: 200_000 }) });

  it('adding an item never lowers the freight when no free-shipping rule applies', () => {
    fc.assert(
      fc.property(rulesWithoutFree, fc.constantFrom(HUANGPU, NANSHAN, TIANHE), fc.array(cartLine, { maxLength: 5 }), cartLine, (rules, path, cart, added) => {
        const before = quoteFreight(rules, path, cart).freightCents ?? 0;
        const after = quoteFreight(rules, path, [...cart, added]).freightCents ?? 0;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
      { numRuns: 500 },
    );
  });
});
